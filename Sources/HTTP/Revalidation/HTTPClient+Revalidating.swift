import FoundationEssentials

extension HTTPClient {
    /// The same client, asking the server with `If-None-Match` (or `If-Modified-Since`) whether the
    /// answer kept in `store` is still current, so an unchanged answer costs no body.
    ///
    /// Only `send`'s authorized GETs are revalidated; the caller sees a `304` as the `200` it
    /// confirms (the kept body, the kept fields updated by the `304`'s), so paging, decoding and
    /// saved copies work as they do for a fresh answer. A `200` with validators is kept, and one
    /// without forgets what was kept. A `304` for an answer that is no longer kept, or was replaced
    /// meanwhile, is asked again once without conditions. A server that sends no validators gets
    /// exactly the requests it got before.
    package func revalidating(_ store: ValidatorStore) -> HTTPClient {
        var client = self
        let send = self.send
        client.send = { request in
            guard Self.mayRevalidate(request) else { return try await send(request) }
            let key = ValidatorStore.key(for: request)
            guard let sent = store.validators(key) else {
                return await Self.keeping(try await send(request), as: key, in: store, replacing: false)
            }
            var conditional = request
            conditional.headers.merge(sent.conditions()) { _, condition in condition }
            let response = try await send(conditional)
            guard response.status == 304 else {
                return await Self.keeping(response, as: key, in: store, replacing: true)
            }
            if let kept = store.answer(key), kept.validators == sent {
                return kept.confirmed(by: response)
            }
            return await Self.keeping(try await send(request), as: key, in: store, replacing: true)
        }
        return client
    }

    /// A GET with a token and no conditions or range of its caller's: the caller's own
    /// conditions ask something else than "is my copy current".
    private static func mayRevalidate(_ request: HTTPRequest) -> Bool {
        guard request.method == "GET", request.header("Authorization") != nil else { return false }
        return ["If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since", "If-Range", "Range"]
            .allSatisfy { request.header($0) == nil }
    }

    /// Keeps `response` when it is a `200` with validators; a `200` without them forgets what
    /// was kept when there was something (`replacing`). Other answers leave the store as it is.
    private static func keeping(_ response: HTTPResponse, as key: String, in store: ValidatorStore, replacing: Bool) async -> HTTPResponse {
        if let answer = StoredAnswer(keeping: response) {
            await store.save(key, answer)
        } else if replacing, response.status == 200 {
            await store.remove(key)
        }
        return response
    }
}
