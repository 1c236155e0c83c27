import FoundationEssentials

/// What tells the server which answer a client already has: its `ETag`, else its `Last-Modified`.
package struct Validators: Sendable, Equatable, Codable {
    package var etag: String?
    package var lastModified: String?

    package init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// The validators a successful answer carries; nil when it carries none, so nothing is kept of it.
    package init?(of response: HTTPResponse) {
        let etag = response.header("ETag").flatMap { $0.isEmpty ? nil : $0 }
        let lastModified = response.header("Last-Modified").flatMap { $0.isEmpty ? nil : $0 }
        guard etag != nil || lastModified != nil else { return nil }
        self.init(etag: etag, lastModified: lastModified)
    }

    /// The request's conditions: `If-None-Match` when there is a tag, and `If-Modified-Since`
    /// only without one, since a server that has both compares the tag alone.
    func conditions() -> [String: String] {
        if let etag { return ["If-None-Match": etag] }
        if let lastModified { return ["If-Modified-Since": lastModified] }
        return [:]
    }
}
