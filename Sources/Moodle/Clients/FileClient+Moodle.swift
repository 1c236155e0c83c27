import CourseKit
import FoundationEssentials

extension FileClient {
    /// A course's files on Moodle: those of its resource and folder modules, read from the
    /// course's contents (shared with its modules); one file again from its module's contents alone.
    public static func moodle(_ connection: MoodleConnection) -> FileClient {
        let api = connection.api
        let shared = connection.shared
        let site = connection.siteURL
        return FileClient(
            files: { course, progress in
                let sections = try await shared.contents.value(for: course) { try await api.contents(course, background: progress.urgency == .background) }
                return MoodleFiles.files(sections, site: site)
            },
            file: { course, fileID in
                guard let module = MoodleFiles.module(ofFileID: fileID) else { throw FileNotFound(id: fileID) }
                let sections = try await api.contents(course, module: module)
                guard let file = MoodleFiles.files(sections, site: site).files.first(where: { $0.id == fileID }) else {
                    throw FileNotFound(id: fileID)
                }
                return file
            }
        )
    }
}
