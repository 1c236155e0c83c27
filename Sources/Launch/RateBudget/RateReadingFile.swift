import Canvas
import CourseKit
import FileSystem
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The last reading of Canvas's rate budget, kept in the profile's data directory
/// (`rate-budget.json`) so `status` can tell it and the next run starts from it.
///
/// Written at most once a second while answers come, the first time a second after the file
/// was opened, and once more before the process exits: a command done within its first second
/// writes it once, at its exit, not also on the way to its first answer.
final class RateReadingFile: Sendable {
    static let fileName = "rate-budget.json"
    /// The shortest time between two writes while answers stream in.
    static let spacing: TimeInterval = 1

    let directory: URL
    private let clock: WallClock
    /// The reading not yet written, and when the file was last written.
    private let pending: Mutex<(reading: RateReading?, writtenAt: Date)>

    init(directory: URL, clock: WallClock) {
        self.directory = directory
        self.clock = clock
        // As if written just now: the spacing then holds the first reading back too.
        pending = Mutex((nil, clock.now()))
    }

    /// The saved reading, when there is one that parses.
    func read() -> RateReading? {
        guard let data = Files.contents(of: directory.appendingPathComponent(Self.fileName).path, atMost: 64 * 1024) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try? decoder.decode(RateReading.self, from: data)
    }

    /// Takes a new reading; writes it now unless the file was written within `spacing`.
    func note(_ reading: RateReading) {
        let now = clock.now()
        let due = pending.withLock { state -> Bool in
            state.reading = reading
            guard now.timeIntervalSince(state.writtenAt) >= Self.spacing else { return false }
            state.writtenAt = now
            state.reading = nil
            return true
        }
        if due { write(reading) }
    }

    /// Writes the reading still waiting, if any.
    func flush() {
        let waiting = pending.withLock { state -> RateReading? in
            defer { state.reading = nil }
            return state.reading
        }
        if let waiting { write(waiting) }
    }

    private func write(_ reading: RateReading) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(reading) else { return }
        // Best effort, and never waiting for the disk, as it is written on the way to an answer:
        // a reading not kept (or cut short by a crash, which `read` takes as none) only leaves
        // `status` with an older one.
        try? FileDescriptor.makeDirectories(directory.path, durable: false)
        guard let folder = try? FileDescriptor.open(directory.path, O_RDONLY | O_DIRECTORY) else { return }
        defer { folder.close() }
        try? AtomicFile.write(data, as: Self.fileName, in: folder, durable: false)
    }
}
