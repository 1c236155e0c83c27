/// The body of an `application/x-www-form-urlencoded` request.
package enum FormEncoding {
    /// The pairs in order as `name=value&…`, every byte outside RFC 3986's unreserved set percent-encoded.
    package static func encode(_ pairs: [(String, String)]) -> String {
        let allowed = ScalarSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return pairs.map { "\($0.0.percentEncoded(allowing: allowed))=\($0.1.percentEncoded(allowing: allowed))" }.joined(separator: "&")
    }
}
