/// A course's Files: the folders and files a backend lists, and one file's fresh details.
///
/// Apart from `CourseClient` so that a backend without files, and every test of the other
/// sections, needs nothing new.
public struct FileClient: Sendable {
    /// Every folder and file of the course the user may see, all pages.
    public var files: @Sendable (_ courseID: CourseID, _ progress: LoadProgress) async throws -> CourseFiles
    /// One file as the backend describes it now, with a fresh `downloadURL` (Canvas's signed
    /// addresses expire, so a download asks again before it retries).
    public var file: @Sendable (_ courseID: CourseID, _ fileID: String) async throws -> CourseFile

    public init(
        files: @escaping @Sendable (_ courseID: CourseID, _ progress: LoadProgress) async throws -> CourseFiles,
        file: @escaping @Sendable (_ courseID: CourseID, _ fileID: String) async throws -> CourseFile
    ) {
        self.files = files
        self.file = file
    }
}

extension FileClient {
    /// A backend with no files: every course's Files is empty, and no file exists.
    public static let noOp = FileClient(
        files: { _, _ in CourseFiles() },
        file: { _, fileID in throw FileNotFound(id: fileID) }
    )

    /// Fails every call, so a test notices when it reaches an endpoint it did not set up.
    public static let unimplemented = unimplemented(report: { _ in })
}

extension FileClient: Unimplementable {
    public static func unimplemented(report: @escaping Unimplemented.Report) -> FileClient {
        FileClient(
            files: { _, _ in throw Unimplemented.reported("FileClient.files", to: report) },
            file: { _, _ in throw Unimplemented.reported("FileClient.file", to: report) }
        )
    }
}

/// The backend has no file with this ID in the course (or no longer has it).
public struct FileNotFound: UserFacingError, Equatable, Sendable {
    public var id: String

    public init(id: String) {
        self.id = id
    }

    public var userMessage: String { "The course has no file with ID \(id) (any more)" }
}
