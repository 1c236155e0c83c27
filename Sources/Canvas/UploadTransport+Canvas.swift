import CourseKit
import Foundation
import HTTP

extension UploadTransport {
    /// Uploads to a course's files on Canvas at `baseURL` with Canvas's three-step file upload.
    ///
    /// Files go to the course folder `coursebrowser uploads`, replacing a file of the same
    /// name there. The token is sent to `baseURL`'s origin only, never to the file store.
    public static func canvas(
        baseURL: URL,
        credentials: CanvasCredentials,
        http: HTTPClient,
        clock: WallClock,
        analytics: Analytics
    ) -> UploadTransport {
        let api = CanvasAPI(baseURL: baseURL, credentials: credentials, http: http, clock: clock, analytics: analytics)
        return UploadTransport { job, payload, progress in
            try await api.upload(job, payload: payload, progress: progress)
        }
    }
}
