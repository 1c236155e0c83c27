import FileSystem
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Kept answers on disk: one file per key (0600, in a 0700 directory), replaced atomically, each
/// the validators, fields, body length and body digest as one line of JSON, a newline, then the
/// body as it arrived.
///
/// Saving doesn't wait for the disk: it happens on the way to every answer. A file a power cut
/// left short is caught by its length, one whose blocks never reached the disk by its digest,
/// and either is fetched again.
///
/// The whole is bounded: files older than `maxAge` go, then the oldest until the rest is under
/// `limit`; checked on the first save and every 64th. A file that can't be read is taken as
/// never kept, and replaced by the next answer.
final class ValidatorDirectory: Sendable {
    let path: String
    let limit: Int64
    let maxAge: TimeInterval
    /// Saves so far: the whole is checked on the first and every 64th after it.
    private let saves = Atomic(0)

    /// The largest body kept: as large as an answer may be.
    static let largestBody = HTTPClient.defaultMaxAnswerBytes
    /// The most read to find the end of the first line; Canvas's fields are a few hundred bytes.
    static let largestHead = 64 * 1024

    init(path: String, limit: Int64, maxAge: TimeInterval) {
        self.path = path
        self.limit = limit
        self.maxAge = maxAge
    }

    /// What the first line says, read without the body.
    func validators(_ key: String) -> Validators? {
        guard let (file, _) = Files.openRegular(file(key)) else { return nil }
        defer { file.close() }
        var buffer = [UInt8](repeating: 0, count: Self.largestHead)
        var filled = 0
        while filled < buffer.count {
            let count = buffer.withUnsafeMutableBytes { bytes in
                try? file.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[filled...]))
            }
            guard let count, count > 0 else { break }
            if buffer[filled..<filled + count].contains(Self.newline) {
                filled += count
                break
            }
            filled += count
        }
        guard let end = buffer[..<filled].firstIndex(of: Self.newline),
              let head = try? JSONDecoder().decode(Head.self, from: Data(buffer[..<end])),
              let size = try? file.status().st_size, Int(size) - (end + 1) == head.bodyBytes else { return nil }
        return head.validators
    }

    func answer(_ key: String) -> StoredAnswer? {
        guard let data = Files.contents(of: file(key), atMost: Self.largestBody + Int64(Self.largestHead)),
              let end = data.firstIndex(of: Self.newline),
              let head = try? JSONDecoder().decode(Head.self, from: data[data.startIndex..<end]),
              data.endIndex - (end + 1) == head.bodyBytes else { return nil }
        let body = Data(data[(end + 1)...])
        guard Self.digest(of: body) == head.bodySHA256 else { return nil }
        return StoredAnswer(validators: head.validators, headers: head.headers, body: body)
    }

    func save(_ key: String, _ answer: StoredAnswer) {
        guard Int64(answer.body.count) <= Self.largestBody,
              var data = try? JSONEncoder().encode(Head(
                  validators: answer.validators, headers: answer.headers, bodyBytes: answer.body.count, bodySHA256: Self.digest(of: answer.body)
              )),
              data.count < Self.largestHead else { return }
        data.append(Self.newline)
        data.append(answer.body)
        do {
            try FileDescriptor.makeDirectories(path, durable: false)
            let directory = try FileDescriptor.open(path, O_RDONLY | O_DIRECTORY)
            defer { directory.close() }
            try AtomicFile.write(data, as: key, in: directory, durable: false)
        } catch {
            return
        }
        if saves.add(1, ordering: .relaxed).newValue % 64 == 1 {
            trim()
        }
    }

    func remove(_ key: String) {
        Files.removeQuietly(file(key))
    }

    /// Deletes files older than `maxAge`, then the oldest until the rest is under 90% of `limit`.
    func trim() {
        guard let directory = try? FileDescriptor.open(path, O_RDONLY | O_DIRECTORY) else { return }
        defer { directory.close() }
        AtomicFile.removeAbandonedTemporaries(in: directory)
        guard let names = try? directory.entryNames() else { return }
        let oldest = Date().addingTimeInterval(-maxAge)
        var files: [(name: String, size: Int64, modified: Date)] = []
        var total: Int64 = 0
        for name in names where !AtomicFile.isTemporary(name) {
            var info = stat()
            guard fstatat(directory.raw, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
            if modified < oldest {
                try? directory.removeEntry(name, isDirectory: false)
                continue
            }
            total += Int64(info.st_size)
            files.append((name, Int64(info.st_size), modified))
        }
        guard total > limit else { return }
        for file in files.sorted(by: { $0.modified < $1.modified }) where total > limit * 9 / 10 {
            if (try? directory.removeEntry(file.name, isDirectory: false)) != nil {
                total -= file.size
            }
        }
    }

    private func file(_ key: String) -> String {
        path + "/" + Files.safeComponent(key)
    }

    private static let newline = UInt8(ascii: "\n")

    /// The first line of a file.
    private struct Head: Codable {
        var validators: Validators
        var headers: [String: String]
        /// How long the body after the line is: a shorter one is a write a crash cut off.
        var bodyBytes: Int
        /// The body's SHA-256: another is one whose bytes a crash lost.
        var bodySHA256: String
    }

    private static func digest(of body: Data) -> String {
        SHA256.hex(of: body)
    }
}
