import CourseKit
import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// What was downloaded, per backend and course: which file went where, and which version of it.
///
/// One JSON file per course, `<directory>/<backend>/<course>.json`, maps a file's ID to its
/// entry; it is replaced atomically after each finished download. The backend's and the course's
/// names are escaped into plain file names, so any backend string is safe.
public struct DownloadRecords: Sendable {
    /// One downloaded file.
    public struct Entry: Equatable, Sendable, Codable {
        /// Where the file was put.
        public var path: String
        /// Its size, as the backend gave it and as written.
        public var size: Int64?
        /// When it last changed on the backend, as it was downloaded.
        public var updatedAt: Date?
        /// The `ETag` (else `Last-Modified`) it came with.
        public var validator: String?
        /// The modification time the file was given, so a file the user changed since is told apart.
        public var modifiedAt: Date?

        public init(path: String, size: Int64?, updatedAt: Date?, validator: String?, modifiedAt: Date? = nil) {
            self.path = path
            self.size = size
            self.updatedAt = updatedAt
            self.validator = validator
            self.modifiedAt = modifiedAt
        }
    }

    public let directory: URL

    /// Records under `directory`, the data directory's `downloads`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// Every entry of `course` on `backend`, by file ID; empty when none was recorded or the record can't be read.
    public func entries(backend: String, course: CourseID) -> [String: Entry] {
        guard let data = Files.contents(of: fileURL(backend: backend, course: course).path, atMost: 64 * 1024 * 1024) else { return [:] }
        return (try? JSONDecoder().decode([String: Entry].self, from: data)) ?? [:]
    }

    /// The entry of file `fileID` of `course` on `backend`, if it was downloaded.
    public func entry(backend: String, course: CourseID, fileID: String) -> Entry? {
        entries(backend: backend, course: course)[fileID]
    }

    /// Records `entry` for `fileID`, keeping the course's other entries; other processes recording meanwhile wait their turn.
    public func record(_ entry: Entry, backend: String, course: CourseID, fileID: String) throws {
        let folder = directory.appendingPathComponent(Self.escaped(backend))
        try FileDescriptor.makeDirectories(folder.path)
        let parent = try FileDescriptor.open(directory.path, O_RDONLY | O_DIRECTORY)
        defer { parent.close() }
        // Held on the backend's folder from reading to replacing, so no entry another process adds is lost.
        guard let locked = try FileLock.open(Self.escaped(backend), in: parent, flags: O_RDONLY | O_DIRECTORY | O_NOFOLLOW, wait: true) else {
            return
        }
        defer { locked.close() }
        var all = entries(backend: backend, course: course)
        all[fileID] = entry
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(encoder.encode(all), as: Self.escaped(course.rawValue) + ".json", in: locked)
    }

    /// Where the copy of `file` is when it is current: recorded with the size and last change
    /// the backend gives now, and still on disk with that size. Nil when it must be downloaded.
    public func isCurrent(_ file: CourseFile, backend: String, course: CourseID) -> LocalPath? {
        Self.currentCopy(of: file, in: entry(backend: backend, course: course, fileID: file.id))
    }

    /// `isCurrent` for each of `files`, by file ID, reading the course's record once.
    public func currentCopies(of files: [CourseFile], backend: String, course: CourseID) -> [String: LocalPath] {
        let recorded = entries(backend: backend, course: course)
        var copies: [String: LocalPath] = [:]
        for file in files {
            copies[file.id] = Self.currentCopy(of: file, in: recorded[file.id])
        }
        return copies
    }

    /// Where `entry` says the copy of `file` is, when that copy is current.
    static func currentCopy(of file: CourseFile, in entry: Entry?) -> LocalPath? {
        guard let entry, entry.size == file.size, sameInstant(entry.updatedAt, file.updatedAt),
              let size = Files.size(of: entry.path), entry.size.map({ $0 == size }) ?? true
        else { return nil }
        return LocalPath(entry.path)
    }

    /// Whether the file at `entry.path` is still what was written there: same size and modification time.
    ///
    /// Only such a file may be replaced by a newer version; one the user edited is kept.
    static func isUntouched(_ entry: Entry) -> Bool {
        guard let version = FileVersion(path: entry.path) else { return false }
        let modified = Date(timeIntervalSince1970: Double(version.modifiedSeconds) + Double(version.modifiedNanoseconds) / 1e9)
        return entry.size.map { $0 == version.size } ?? true && sameInstant(entry.modifiedAt, modified)
    }

    /// Whether two dates are the same instant, allowing for what a round trip through JSON's numbers loses.
    static func sameInstant(_ first: Date?, _ second: Date?) -> Bool {
        switch (first, second) {
        case (nil, nil): true
        case let (first?, second?): abs(first.timeIntervalSince(second)) < 0.001
        default: false
        }
    }

    func fileURL(backend: String, course: CourseID) -> URL {
        directory.appendingPathComponent(Self.escaped(backend)).appendingPathComponent(Self.escaped(course.rawValue) + ".json")
    }

    /// `text` as one file name: letters, digits, `-` and `_` as they are, every other byte `%XX`,
    /// so `https://school.instructure.com` can't make folders, nor two backends one name.
    static func escaped(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += byte < 16 ? "%0" : "%"
                result += String(byte, radix: 16, uppercase: true)
            }
        }
        // Past a name's limit, the start stays readable and a digest keeps two long ones apart.
        guard result.utf8.count > 200 else { return result.isEmpty ? "%" : result }
        return String(result.prefix(120)) + "-" + SHA256.hex(of: text.utf8)
    }
}
