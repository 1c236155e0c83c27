import CourseKit

extension DownloadTransport {
    /// Fetches course files from Canvas: its file `url` redirects to a file store on another
    /// origin, which gets no token. Resumes a `.part` with `Range` and `If-Range`, asks Canvas
    /// for a fresh address once when the store refuses an old one, and checks the length.
    public static func canvas(_ connection: CanvasConnection) -> DownloadTransport {
        canvas(connection.api)
    }

    static func canvas(_ api: CanvasAPI) -> DownloadTransport {
        DownloadTransport { request in try await api.download(request) }
    }
}
