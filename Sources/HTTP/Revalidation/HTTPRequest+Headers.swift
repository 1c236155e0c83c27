extension HTTPRequest {
    /// The value of the header field `name`, whatever case the caller spelled it in.
    func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.key.lowercased() == wanted }?.value
    }
}
