/// Thrown by `.unimplemented` clients so a test that reaches an unexpected dependency fails loudly.
public struct Unimplemented: UserFacingError, Equatable {
    public var endpoint: String

    public init(_ endpoint: String) {
        self.endpoint = endpoint
    }

    public var userMessage: String { "\(endpoint) is not implemented" }
}
