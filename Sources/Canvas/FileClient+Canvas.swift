import CourseKit

extension FileClient {
    /// A course's Files on Canvas, as `connection` reaches it.
    public static func canvas(_ connection: CanvasConnection) -> FileClient {
        canvas(connection.api)
    }

    static func canvas(_ api: CanvasAPI) -> FileClient {
        FileClient(
            files: { id, progress in try await api.reporting(to: progress).files(id) },
            file: { course, fileID in try await api.file(course: course, id: fileID) }
        )
    }
}
