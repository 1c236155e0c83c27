import CourseKit
import FoundationEssentials

/// A course's files as the panes' Files: the files of its resource and folder modules, in a
/// folder per section, a folder module's files in a folder of its own (with its subfolders).
///
/// A file's ID is its module's ID and its path in the module (`1021/code/main.swift`): stable
/// from one reading to the next, and enough to find it again with one module's contents.
enum MoodleFiles {
    /// The top folder, named as the Files section shows it.
    static let topFolder = CourseFolder(id: "top", fullName: "Course files")

    static func files(_ sections: [MoodleSection], site: URL) -> CourseFiles {
        var folders = [topFolder]
        var files: [CourseFile] = []
        for (index, section) in sections.enumerated() {
            let sectionName = MoodleText.name(section.name) ?? "Section \(section.section?.value ?? index)"
            let sectionFolder = CourseFolder(
                id: "section:\(section.id.value)", parentID: topFolder.id, fullName: path(topFolder.fullName, sectionName)
            )
            var sectionFiles: [CourseFile] = []
            var sectionFolders: [CourseFolder] = []
            for module in section.modules where ["resource", "folder"].contains(module.modname) {
                let entries = (module.contents ?? []).filter { $0.type == "file" }
                guard !entries.isEmpty else { continue }
                // A resource is usually one file, shown as itself; more, or a folder module, get a folder.
                let ownFolder = module.modname == "folder" || entries.count > 1
                let moduleFolder = CourseFolder(
                    id: "module:\(module.id.value)", parentID: sectionFolder.id,
                    fullName: path(sectionFolder.fullName, MoodleText.name(module.name) ?? "Module \(module.id.value)")
                )
                if ownFolder { sectionFolders.append(moduleFolder) }
                for entry in entries {
                    let parent = ownFolder
                        ? subfolder(of: moduleFolder, module: module.id.value, path: entry.filepath ?? "/", into: &sectionFolders)
                        : sectionFolder
                    sectionFiles.append(file(entry, module: module, in: parent, site: site))
                }
            }
            guard !sectionFiles.isEmpty else { continue }
            folders.append(sectionFolder)
            folders += sectionFolders
            files += sectionFiles
        }
        return CourseFiles(folders: folders, files: files)
    }

    /// The ID of a resource's main file (the first Moodle lists), to select it from the modules.
    static func mainFileID(of module: MoodleModule) -> String? {
        (module.contents ?? []).first { $0.type == "file" }.map { fileID(module: module.id.value, entry: $0) }
    }

    /// `1021/code/main.swift`: the module's ID, then the file's path in the module.
    static func fileID(module: Int, entry: MoodleContent) -> String {
        let folder = entry.filepath.map { $0.hasPrefix("/") ? $0 : "/" + $0 } ?? "/"
        return "\(module)\(folder.hasSuffix("/") ? folder : folder + "/")\(entry.filename)"
    }

    /// The module's ID in a file ID.
    static func module(ofFileID id: String) -> Int? {
        id.split(separator: "/", maxSplits: 1).first.flatMap { Int($0) }
    }

    private static func file(_ entry: MoodleContent, module: MoodleModule, in folder: CourseFolder, site: URL) -> CourseFile {
        let closed = module.uservisible == false
        return CourseFile(
            id: fileID(module: module.id.value, entry: entry),
            folderID: folder.id,
            name: entry.filename,
            size: entry.filesize.map { Int64($0.value) },
            updatedAt: MoodleTime.date(entry.timemodified?.value),
            contentType: entry.mimetype,
            downloadURL: entry.fileurl.flatMap { URL(string: $0) },
            htmlURL: module.url.flatMap { URL(string: $0) },
            isLocked: closed,
            lockExplanation: closed ? module.availabilityinfo.flatMap(MoodleText.name) : nil
        )
    }

    /// The folder for `path` (`/code/`) inside a module's folder, made (with its parents) as needed.
    private static func subfolder(of moduleFolder: CourseFolder, module: Int, path filepath: String, into folders: inout [CourseFolder]) -> CourseFolder {
        var current = moduleFolder
        var walked = "/"
        for component in filepath.split(separator: "/") {
            walked += component + "/"
            let id = "module:\(module):\(walked)"
            if let existing = folders.first(where: { $0.id == id }) {
                current = existing
                continue
            }
            let folder = CourseFolder(id: id, parentID: current.id, fullName: path(current.fullName, String(component)))
            folders.append(folder)
            current = folder
        }
        return current
    }

    /// `parent/name`, a slash in a name (`Week 1/2`) kept from starting a level of its own.
    private static func path(_ parent: String, _ name: String) -> String {
        parent + "/" + name.replacing("/", with: "-")
    }
}
