extension HTTPClient {
    /// The same client, calling `onSuccess` whenever the server answers with a success or redirect.
    ///
    /// The upload queue listens for this: any answer from the backend means the network is back.
    public func observingSuccess(_ onSuccess: @escaping @Sendable () -> Void) -> HTTPClient {
        var observed = self
        let send = self.send
        let upload = self.upload
        let download = self.download
        observed.send = { request in
            try Self.noting(try await send(request), onSuccess)
        }
        observed.upload = { request, body, progress in
            try Self.noting(try await upload(request, body, progress), onSuccess)
        }
        observed.download = { request, file, offset, progress in
            try Self.noting(try await download(request, file, offset, progress), onSuccess)
        }
        return observed
    }

    private static func noting(_ response: HTTPResponse, _ onSuccess: @Sendable () -> Void) throws -> HTTPResponse {
        if (200..<400).contains(response.status) {
            onSuccess()
        }
        return response
    }
}
