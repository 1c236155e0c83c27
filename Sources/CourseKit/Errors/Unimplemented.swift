/// Thrown by `.unimplemented` clients so a test that reaches an unexpected dependency fails loudly.
public struct Unimplemented: UserFacingError, Equatable {
    /// Hears the name of every endpoint called on a client the test did not provide, such as
    /// `WebBrowser.open`; tests record it as a failure of the test.
    public typealias Report = @Sendable (_ endpoint: String) -> Void

    public var endpoint: String

    public init(_ endpoint: String) {
        self.endpoint = endpoint
    }

    public var userMessage: String { "\(endpoint) is not implemented" }

    /// Tells `report` that `endpoint` was called, and gives the error a throwing endpoint throws.
    static func reported(_ endpoint: String, to report: Report) -> Unimplemented {
        report(endpoint)
        return Unimplemented(endpoint)
    }
}
