import CourseKit
import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension SettingsClient {
    /// The name of the settings file in the config directory.
    static let fileName = "settings.json"

    /// Settings in `directory/settings.json` (the directory 0700, the file 0600).
    ///
    /// This is the app's one settings file, read and written only through here. Keys it
    /// does not know are kept, so an older version never erases a newer one's settings.
    public static func file(in directory: URL) -> SettingsClient {
        let path = directory.appendingPathComponent(fileName)
        return SettingsClient(
            load: { Settings(document: readDocument(path)) },
            save: { settings in
                var document = readDocument(path)
                document["course_list_view"] = settings.courseScope?.rawValue
                try? write(document, to: directory)
            }
        )
    }

    private static func readDocument(_ path: URL) -> [String: String] {
        guard let data = Files.contents(of: path.path, atMost: 1024 * 1024),
              let document = try? JSONDecoder().decode([String: String].self, from: data) else { return [:] }
        return document
    }

    private static func write(_ document: [String: String], to directory: URL) throws {
        try FileDescriptor.makeDirectories(directory.path)
        let folder = try FileDescriptor.open(directory.path, O_RDONLY | O_DIRECTORY)
        defer { folder.close() }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(try encoder.encode(document), as: fileName, in: folder)
    }
}

extension Settings {
    init(document: [String: String]) {
        self.init(courseScope: document["course_list_view"].flatMap(CourseScope.init(rawValue:)))
    }
}
