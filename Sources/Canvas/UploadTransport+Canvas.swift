import CourseKit
import FoundationEssentials
import HTTP

extension UploadTransport {
    /// Uploads to a course's files on Canvas with Canvas's three-step file upload.
    ///
    /// Files go to the course folder `coursebrowser uploads`, replacing a file of the same
    /// name there. The token is sent to Canvas's origin only, never to the file store.
    public static func canvas(_ connection: CanvasConnection) -> UploadTransport {
        let api = connection.api
        return UploadTransport { job, payload, progress in
            try await api.upload(job, payload: payload, progress: progress)
        }
    }
}
