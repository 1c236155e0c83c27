import CourseKit
import FoundationEssentials

/// A course's Files as the tree the Course pane draws: what is at the top, and what each folder
/// holds, folders and files each by name.
///
/// The course's top folder is not a row of its own: its files and folders are the top. A folder
/// whose parent is not listed (hidden from the user) is at the top too, and so is a file whose
/// folder is not listed, so nothing listed is lost.
struct FileTree {
    /// The folders at the top, by name.
    let topFolders: [CourseFolder]
    /// The files at the top, by name: shown before the folders.
    let topFiles: [CourseFile]
    private let subfolders: [String: [CourseFolder]]
    private let folderFiles: [String: [CourseFile]]

    init(_ files: CourseFiles) {
        let roots = Set(files.folders.filter { $0.parentID == nil }.map(\.id))
        let inner = Set(files.folders.map(\.id)).subtracting(roots)
        var top: [CourseFolder] = []
        var subfolders: [String: [CourseFolder]] = [:]
        for folder in files.folders where !roots.contains(folder.id) {
            if let parent = folder.parentID, inner.contains(parent) {
                subfolders[parent, default: []].append(folder)
            } else {
                top.append(folder)
            }
        }
        var topFiles: [CourseFile] = []
        var folderFiles: [String: [CourseFile]] = [:]
        for file in files.files {
            if let folder = file.folderID, inner.contains(folder) {
                folderFiles[folder, default: []].append(file)
            } else {
                topFiles.append(file)
            }
        }
        topFolders = Self.byName(top, \.name)
        self.topFiles = Self.byName(topFiles, \.name)
        self.subfolders = subfolders.mapValues { Self.byName($0, \.name) }
        self.folderFiles = folderFiles.mapValues { Self.byName($0, \.name) }
    }

    /// The folders directly in the folder `id`, by name.
    func folders(in id: String) -> [CourseFolder] {
        subfolders[id] ?? []
    }

    /// The files directly in the folder `id`, by name.
    func files(in id: String) -> [CourseFile] {
        folderFiles[id] ?? []
    }

    /// Every file of the folder `id` and of the folders below it, in the order the tree shows them.
    func files(below id: String) -> [CourseFile] {
        var visited: Set<String> = []
        return files(below: id, visited: &visited)
    }

    private func files(below id: String, visited: inout Set<String>) -> [CourseFile] {
        // Parents come from the backend: a folder met twice is not walked again.
        guard visited.insert(id).inserted else { return [] }
        var found = files(in: id)
        for folder in folders(in: id) {
            found += files(below: folder.id, visited: &visited)
        }
        return found
    }

    private static func byName<Element>(_ elements: [Element], _ name: (Element) -> String) -> [Element] {
        elements.sorted { name($0).standardCompare(name($1)) == .orderedAscending }
    }
}
