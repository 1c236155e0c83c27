import CourseKit
import FileSystem
import FoundationEssentials
import Synchronization
import TextBasics

#if canImport(Glibc)
import Glibc
#endif

/// The saved copies on disk, under the cache directory (directories 0700, files 0600):
///
///     <origin>/<user>/<what>.json         one answer as it last arrived, and when
///     <origin>/<user>/seen/<course>.json  what the student last saw of a course (`SavedCopyStore+Seen`)
///     <origin>/tokens/<token digest>      the user a token belongs to, so a start without a
///                                         network knows whose copies to show
///
/// A token is never written: only the first 32 hex digits of its SHA-256. Files are replaced
/// atomically; one that can't be read, or is larger than `copyLimit`, is taken as never saved
/// and replaced by the next answer. The whole stays under `limit` bytes, the oldest files
/// dropped first.
///
/// Copies and the token's user are written without waiting for the disk (no fsync), as the
/// cached HTTP answers are: they are the site's answers, which the site gives again, and one a
/// power cut leaves damaged is taken as never saved. Waiting cost every command that saved one
/// a sync of each file and each new folder before it could exit (2–15 ms each on a busy
/// disk). A record of what was seen is the student's own and is still synced.
///
/// One store per process: the cache directory is shared by every pane and command.
public final class SavedCopyStore: Sendable {
    public let directory: URL
    let clock: WallClock
    let limit: Int64
    /// The largest copy read or written.
    let copyLimit: Int64
    /// Writes since the size was last checked; checked on the first write and every 64th.
    private let writesSinceCheck = Mutex(64)
    /// Writes handed to a background writer and not finished yet.
    let writesUnderWay = WritesUnderWay()

    /// The largest copy kept: 32 MB, as large as one answer may be (HTTP's `defaultMaxAnswerBytes`).
    ///
    /// A copy keeps less than the answers it came from, only what the app reads of them, so even
    /// a list of many pages stays far under this (a course list of a thousand courses is under a
    /// megabyte). A larger file is damage or something else's, and reading it whole would take as
    /// much memory as the app otherwise needs in all.
    public static let largestCopy: Int64 = 32 * 1024 * 1024

    public init(directory: URL, clock: WallClock, limit: Int64 = 200_000_000, copyLimit: Int64 = largestCopy) {
        self.directory = directory
        self.clock = clock
        self.limit = limit
        self.copyLimit = copyLimit
    }

    /// The copy saved for `key` of `account`, or nil when there is none that can be read.
    func read<Value: Codable & Sendable>(_ key: SavedCopyKey, of account: SavedCopyAccount, as type: Value.Type) -> Saved<Value>? {
        let path = folder(for: account).appendingPathComponent(key.fileName).path
        guard let data = Files.contents(of: path, atMost: copyLimit),
              let record = try? JSONDecoder().decode(Record<Value>.self, from: data) else { return nil }
        return Saved(value: record.value, savedAt: Date(timeIntervalSince1970: record.saved_at))
    }

    /// Saves `value` as the copy for `key` of `account`; best effort: a copy that can't be written,
    /// or would be larger than `copyLimit`, is only not saved.
    func write<Value: Codable & Sendable>(_ value: Value, as key: SavedCopyKey, of account: SavedCopyAccount) {
        let record = Record(saved_at: clock.now().timeIntervalSince1970, value: value)
        guard let data = try? JSONEncoder().encode(record), data.count <= copyLimit else { return }
        guard (try? Self.replace(key.fileName, in: folder(for: account).path, with: data, durable: false)) != nil else { return }
        let due = writesSinceCheck.withLock { count in
            count += 1
            guard count >= 64 else { return false }
            count = 0
            return true
        }
        if due { trim() }
    }

    /// Writes `data` as the file `name` in `folder`, made if need be, in one atomic step; with
    /// `durable`, the file and the new folders are synced to the disk before it returns.
    static func replace(_ name: String, in folder: String, with data: Data, durable: Bool) throws {
        try FileDescriptor.makeDirectories(folder, durable: durable)
        let descriptor = try FileDescriptor.open(folder, O_RDONLY | O_DIRECTORY)
        defer { descriptor.close() }
        try AtomicFile.write(data, as: name, in: descriptor, durable: durable)
    }

    /// The user `token` was last seen to belong to on `origin`; nil when none was, or when what
    /// was written is no Canvas user ID (the file damaged), so Canvas is asked again.
    public func knownUser(origin: String, token: String) -> String? {
        let path = tokensFolder(origin).appendingPathComponent(Self.digest(token)).path
        guard let data = Files.contents(of: path, atMost: 64) else { return nil }
        let user = String(decoding: data, as: UTF8.self).trimming(.whitespacesAndNewlines)
        return SavedCopyAccount.isUserID(user) ? user : nil
    }

    /// Remembers that `token` belongs to `user` on `origin`, unless `user` is no Canvas user ID.
    public func remember(user: String, origin: String, token: String) {
        guard SavedCopyAccount.isUserID(user) else { return }
        let folder = tokensFolder(origin).path
        try? Self.replace(Self.digest(token), in: folder, with: Data(user.utf8), durable: false)
    }

    /// Deletes the oldest copies until the whole is under the limit (to 90% of it, so not every
    /// write trims). Whose tokens are whose is kept, oldest though it is (it is written once,
    /// and without it a start offline shows nothing), and so is what the student last saw of each
    /// course (without it, nothing could be told new) and a file still being written.
    /// Other profiles' stores, in `profiles/` under the default one's, are theirs to trim.
    func trim() {
        guard let paths = try? FileManager.default.subpathsOfDirectory(atPath: directory.path) else { return }
        var files: [(url: URL, size: Int64, modified: Date)] = []
        var total: Int64 = 0
        for path in paths where path != Self.profilesFolder && !path.hasPrefix(Self.profilesFolder + "/") {
            let url = directory.appendingPathComponent(path)
            var info = stat()
            guard lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, !AtomicFile.isTemporary(url.lastPathComponent),
                  !Self.keptFolders.contains(url.deletingLastPathComponent().lastPathComponent) else { continue }
            let size = Int64(info.st_size)
            total += size
            files.append((url, size, Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)))
        }
        guard total > limit else { return }
        for file in files.sorted(by: { $0.modified < $1.modified }) where total > limit * 9 / 10 {
            if (try? FileManager.default.removeItem(at: file.url)) != nil {
                total -= file.size
            }
        }
    }

    /// The folders `trim` never empties: whose tokens are whose, and what was seen of each course.
    static let keptFolders: Set = ["tokens", seenFolder]

    /// Where the other profiles' stores live, inside the default profile's; no origin's
    /// folder has this name, since each ends in a digest.
    static let profilesFolder = "profiles"

    func folder(for account: SavedCopyAccount) -> URL {
        directory.appendingPathComponent(Self.component(account.origin)).appendingPathComponent(Files.safeComponent(account.user))
    }

    private func tokensFolder(_ origin: String) -> URL {
        directory.appendingPathComponent(Self.component(origin)).appendingPathComponent("tokens")
    }

    /// `https://school.edu:8443` as one directory name a person can read, `https-school.edu-8443-`
    /// and a digest of the whole, so two addresses that read alike never share one.
    static func component(_ origin: String) -> String {
        let readable = String(origin.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "-" })
        return Files.safeComponent(readable + "-" + digest(origin).prefix(8))
    }

    /// Enough of a token's SHA-256 to tell tokens apart, and nothing that gives the token back.
    static func digest(_ token: String) -> String {
        String(SHA256.hex(of: token.utf8).prefix(32))
    }

    /// What a saved-copy file holds.
    private struct Record<Value: Codable>: Codable {
        var saved_at: Double
        var value: Value
    }
}
