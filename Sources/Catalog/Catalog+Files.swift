import CourseKit
import FoundationEssentials

extension CatalogIndex {
    /// The files of course `id` as the catalog writes them, decoded now.
    func catalogFiles(_ id: CourseID) throws -> [CatalogCourseFile] {
        let summary = try summary(id)
        var entry = try entry(summary, part: summary.files, field: "files") { (files: [CatalogCourseFile]) in
            var entry = Catalog.Entry(course: summary.course)
            entry.files = files
            return entry
        }
        if summary.files == nil { entry = summary.entry }
        return entry.files
    }

    /// The files of course `id`, decoded now, with their folders made from the files' paths;
    /// relative dates count back from `now`'s day.
    public func files(_ id: CourseID, at now: Date) throws -> CourseFiles {
        Catalog.courseFiles(try catalogFiles(id), course: id, at: now)
    }
}

extension Catalog {
    /// The ID of a catalog course's top folder, which every folder path starts below.
    static let topFolderID = "folder:"

    /// `files` as a backend lists them: a top folder, one folder for every path that holds a file
    /// (and each folder above it), and the files in the catalog's order; an ID given twice keeps its first file.
    static func courseFiles(_ files: [CatalogCourseFile], course: CourseID, at now: Date) -> CourseFiles {
        var folders = [CourseFolder(id: topFolderID, fullName: "course files")]
        var known: Set<String> = [topFolderID]
        var seen: Set<String> = []
        var listed: [CourseFile] = []
        for file in files where seen.insert(file.id.text).inserted {
            let path = file.folderPath
            for depth in path.indices {
                let id = folderID(path[...depth])
                guard known.insert(id).inserted else { continue }
                let parent = folderID(path[..<depth])
                folders.append(CourseFolder(id: id, parentID: parent, fullName: (["course files"] + path[...depth]).joined(separator: "/")))
            }
            listed.append(courseFile(file, folderID: folderID(path[...]), course: course, at: now))
        }
        return CourseFiles(folders: folders, files: listed)
    }

    private static func folderID(_ path: ArraySlice<String>) -> String {
        topFolderID + path.joined(separator: "/")
    }

    private static func courseFile(_ file: CatalogCourseFile, folderID: String, course: CourseID, at now: Date) -> CourseFile {
        let isLocked = file.locked != nil
        return CourseFile(
            id: file.id.text, folderID: folderID, name: file.name, size: file.byteCount, updatedAt: file.updatedAt(now: now),
            contentType: nil, downloadURL: isLocked ? nil : downloadURL(course: course, file: file.id.text),
            htmlURL: nil, isLocked: isLocked, lockExplanation: file.locked
        )
    }

    /// Where a catalog file's bytes are, by name only: the catalog transport reads the file
    /// from the catalog, never from this address, which only says the file can be downloaded.
    static func downloadURL(course: CourseID, file: String) -> URL? {
        var components = URLComponents()
        components.scheme = "coursebrowser-catalog"
        components.path = "/courses/\(course.rawValue)/files/\(file)"
        return components.url
    }
}
