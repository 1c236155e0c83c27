/// A course's Files: every folder and every file, as one value so a pane can draw the tree.
public struct CourseFiles: Equatable, Sendable, Codable {
    /// Every folder, the top folder (no parent) among them when the backend has one.
    public var folders: [CourseFolder]
    public var files: [CourseFile]

    public init(folders: [CourseFolder] = [], files: [CourseFile] = []) {
        self.folders = folders
        self.files = files
    }

    /// The folder with `id`, if listed.
    public func folder(_ id: String?) -> CourseFolder? {
        guard let id else { return nil }
        return folders.first { $0.id == id }
    }

    /// The folder names below the top folder that hold `file`: `[]` for a file at the top or in an unlisted folder.
    public func folderPath(of file: CourseFile) -> [String] {
        folder(file.folderID)?.pathBelowTop ?? []
    }
}
