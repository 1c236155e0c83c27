import FoundationEssentials

/// The last `200` answer to a GET that came with validators: what a `304` stands for.
package struct StoredAnswer: Sendable, Equatable {
    package var validators: Validators
    /// Header fields with lower-cased names, as the answer carried them (less what belongs to
    /// that one exchange only, such as cookies and framing).
    package var headers: [String: String]
    package var body: Data

    package init(validators: Validators, headers: [String: String], body: Data) {
        self.validators = validators
        self.headers = headers
        self.body = body
    }

    /// Fields never kept: a cookie is a session's, not the resource's; framing and coding describe
    /// the bytes of one transfer, and the body is kept as it was decoded; the rate budget, the
    /// date and the request's own IDs and timings tell of the exchange that brought them, so a
    /// `304` without them must not hand on the old ones as news.
    static let unkept: Set = [
        "set-cookie", "content-length", "transfer-encoding", "content-encoding", "connection", "keep-alive",
        "x-rate-limit-remaining", "x-request-cost", "date", "age", "x-runtime", "x-request-context-id",
    ]

    /// Fields a `304` can't replace: they describe the stored body, which the `304` has none of.
    static let describingTheBody: Set = ["content-length", "transfer-encoding", "content-type", "content-encoding", "content-range"]

    /// What is kept of `response`, or nil when it is no `200` with validators.
    init?(keeping response: HTTPResponse) {
        guard response.status == 200, let validators = Validators(of: response) else { return nil }
        self.init(validators: validators, headers: response.headers.filter { !Self.unkept.contains($0.key) }, body: response.body)
    }

    /// The `200` that `notModified` (a `304`) confirms: this body, with the stored fields updated
    /// by the `304`'s own, as RFC 9111 says; so a page's fresh `Link` and the current
    /// `X-Rate-Limit-Remaining` reach the caller.
    func confirmed(by notModified: HTTPResponse) -> HTTPResponse {
        var merged = headers
        for (name, value) in notModified.headers where !Self.describingTheBody.contains(name) {
            merged[name] = value
        }
        return HTTPResponse(status: 200, headers: merged, body: body)
    }
}
