import HTTP

// The HTTP layer's errors already explain themselves in one line; panes show them as they are.
extension NetworkError: UserFacingError {}

extension HTTPClient.Unimplemented: UserFacingError {
    public var userMessage: String { "\(endpoint) is not implemented" }
}
