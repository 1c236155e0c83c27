import CourseKit
import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// What was downloaded, per backend and course: which file went where, and which version of it.
///
/// One small JSON file per downloaded file, `<directory>/<backend>/<course>/<file ID>.json`,
/// replaced atomically when that file is downloaded again: recording a file costs the same
/// whatever the course holds, and two processes recording files of one course never touch the
/// same record. Names are escaped into plain file names, so any backend string or ID is safe.
/// A course recorded before this layout kept one map in `<course>.json`; it is still read,
/// beneath the files, and split into them the first time one of its course's files is recorded.
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

    /// What one record file holds: the file's ID (its name may be a digest of a long one) and its entry.
    private struct Stored: Codable {
        var fileID: String
        var entry: Entry
    }

    public let directory: URL
    /// The most one record may hold; an entry is a path and a few fields.
    static let largestRecord: Int64 = 64 * 1024
    /// The most the map of an earlier layout may hold.
    static let largestMap: Int64 = 64 * 1024 * 1024

    /// Records under `directory`, the data directory's `downloads`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// Every entry of `course` on `backend`, by file ID; empty when none was recorded. A record
    /// that can't be read counts as none, so its file is downloaded again.
    public func entries(backend: String, course: CourseID) -> [String: Entry] {
        var entries = earlierMap(backend: backend, course: course)
        let folder = courseFolder(backend: backend, course: course)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasSuffix(".json") {
            if let stored = Self.read(folder.appendingPathComponent(name).path) {
                entries[stored.fileID] = stored.entry
            }
        }
        return entries
    }

    /// The entry of file `fileID` of `course` on `backend`, if it was downloaded.
    public func entry(backend: String, course: CourseID, fileID: String) -> Entry? {
        let path = courseFolder(backend: backend, course: course).appendingPathComponent(Self.recordName(fileID)).path
        if let stored = Self.read(path), stored.fileID == fileID { return stored.entry }
        return earlierMap(backend: backend, course: course)[fileID]
    }

    /// Records `entry` for `fileID`, replacing what was recorded for it; the course's other records are untouched.
    public func record(_ entry: Entry, backend: String, course: CourseID, fileID: String) throws {
        let folder = courseFolder(backend: backend, course: course)
        try FileDescriptor.makeDirectories(folder.path)
        try splitEarlierMap(backend: backend, course: course)
        let descriptor = try FileDescriptor.open(folder.path, O_RDONLY | O_DIRECTORY)
        defer { descriptor.close() }
        // Not waited for: a file whose record a crash loses is known again by its size and time.
        try AtomicFile.write(Self.encoder.encode(Stored(fileID: fileID, entry: entry)), as: Self.recordName(fileID), in: descriptor, durable: false)
    }

    /// The course's map of the earlier layout, when there is one.
    private func earlierMap(backend: String, course: CourseID) -> [String: Entry] {
        guard let data = Files.contents(of: earlierMapURL(backend: backend, course: course).path, atMost: Self.largestMap) else { return [:] }
        return (try? JSONDecoder().decode([String: Entry].self, from: data)) ?? [:]
    }

    /// Writes each entry of the course's earlier map as a record of its own, unless one is there
    /// already (newer), then removes the map; under the backend folder's lock, so two processes
    /// never split it at once. Nothing happens when there is no map.
    private func splitEarlierMap(backend: String, course: CourseID) throws {
        let map = earlierMapURL(backend: backend, course: course)
        guard FileManager.default.fileExists(atPath: map.path) else { return }
        let parent = try FileDescriptor.open(directory.path, O_RDONLY | O_DIRECTORY)
        defer { parent.close() }
        guard let locked = try FileLock.open(Self.escaped(backend), in: parent, flags: O_RDONLY | O_DIRECTORY | O_NOFOLLOW, wait: true) else {
            return
        }
        defer { locked.close() }
        let folder = courseFolder(backend: backend, course: course)
        let descriptor = try FileDescriptor.open(folder.path, O_RDONLY | O_DIRECTORY)
        defer { descriptor.close() }
        for (fileID, entry) in earlierMap(backend: backend, course: course) where descriptor.identity(ofEntry: Self.recordName(fileID)) == nil {
            try AtomicFile.write(Self.encoder.encode(Stored(fileID: fileID, entry: entry)), as: Self.recordName(fileID), in: descriptor, durable: false)
        }
        try descriptor.sync()
        try locked.removeEntry(map.lastPathComponent, isDirectory: false)
    }

    private static func read(_ path: String) -> Stored? {
        guard let data = Files.contents(of: path, atMost: largestRecord) else { return nil }
        return try? JSONDecoder().decode(Stored.self, from: data)
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The name of file `fileID`'s record.
    static func recordName(_ fileID: String) -> String {
        escaped(fileID) + ".json"
    }

    /// Where the copy of each of `files` is, by file ID, when it is current: recorded with the
    /// size and last change the backend gives now, and still on disk with that size; a file
    /// missing from the answer must be downloaded. The course's record is read once.
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
        return entry.size.map { $0 == version.size } ?? true && sameInstant(entry.modifiedAt, modificationDate(of: version))
    }

    /// The entry for the file at `path` when it is exactly the version a download of it writes:
    /// `size` bytes, modified at `updatedAt` (the backend's last change, which a download gives
    /// its file); nil for anything else, which must be downloaded.
    static func entryOfCopy(at path: String, size: Int64, updatedAt: Date, validator: String?) -> Entry? {
        guard let version = FileVersion(path: path), version.size == size else { return nil }
        let modified = modificationDate(of: version)
        guard sameInstant(modified, updatedAt) else { return nil }
        return Entry(path: path, size: size, updatedAt: updatedAt, validator: validator, modifiedAt: modified)
    }

    private static func modificationDate(of version: FileVersion) -> Date {
        Date(timeIntervalSince1970: Double(version.modifiedSeconds) + Double(version.modifiedNanoseconds) / 1e9)
    }

    /// Whether two dates are the same instant, allowing for what a round trip through JSON's numbers loses.
    static func sameInstant(_ first: Date?, _ second: Date?) -> Bool {
        switch (first, second) {
        case (nil, nil): true
        case let (first?, second?): abs(first.timeIntervalSince(second)) < 0.001
        default: false
        }
    }

    /// The folder of `course`'s records.
    func courseFolder(backend: String, course: CourseID) -> URL {
        directory.appendingPathComponent(Self.escaped(backend)).appendingPathComponent(Self.escaped(course.rawValue))
    }

    /// Where the course's map of the earlier layout is.
    func earlierMapURL(backend: String, course: CourseID) -> URL {
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
