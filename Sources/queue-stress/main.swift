// queue-stress: drives an UploadStore from a separate process so tests can kill it
// with SIGKILL mid-write, and race two processes for one claim.
//
//     queue-stress <data-dir> enqueue <count>
//     queue-stress <data-dir> churn <count>
//     queue-stress <data-dir> claim <job-id> <seconds>
//
// Every line is written with one unbuffered write(2), and only after the store call it
// reports has returned, so a line on stdout is a promise the test can check.
// Source files go to `<data-dir>.sources/`; their bytes follow from their names (see
// `contents(named:)`), so the test can tell whether a payload is exactly right.

import CourseKit
import FoundationEssentials
import Launch
import UploadQueue

#if canImport(Glibc)
import Glibc
#endif

/// Writes `line` to stdout at once; a buffered line could be lost when the process is killed.
func say(_ line: String) {
    StandardStream.output.write(line + "\n")
}

func fail(_ message: String) -> Never {
    StandardStream.error.write("queue-stress: " + message + "\n")
    exit(2)
}

/// A tiny deterministic generator (SplitMix64), so the test can recompute the bytes.
struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// FNV-1a of the name: the seed of its contents.
func seed(of name: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in name.utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return hash
}

/// The bytes of the source file called `name`: 1 to 400,000 of them, so some span several copy chunks.
func contents(named name: String) -> Data {
    var generator = SplitMix64(state: seed(of: name))
    let size = Int(generator.next() % 400_000) + 1
    var words = [UInt64](repeating: 0, count: (size + 7) / 8)
    for index in words.indices {
        words[index] = generator.next().littleEndian
    }
    return words.withUnsafeBytes { Data($0.prefix(size)) }
}

/// The source file for job `index`, written now unless `prepare` already wrote it.
func sourceURL(_ index: Int, in folder: URL) -> URL {
    folder.appendingPathComponent("p\(getpid())-\(index).bin")
}

func writeSource(_ index: Int, in folder: URL) {
    let url = sourceURL(index, in: folder)
    do {
        try contents(named: url.lastPathComponent).write(to: url)
    } catch {
        fail("can't write \(url.path): \(error)")
    }
}

func enqueue(_ index: Int, into store: UploadStore, sources: URL) throws -> UploadJob {
    let source = sourceURL(index, in: sources)
    if !FileManager.default.fileExists(atPath: source.path) { writeSource(index, in: sources) }
    let job = try store.enqueue(file: source, course: CourseID(101), backend: "local")
    say("queued \(job.id)")
    // The queue holds a copy: change the original, and delete half of them outright.
    if index % 2 == 0 {
        try FileManager.default.removeItem(at: source)
    } else {
        try Data("edited after queueing".utf8).write(to: source)
    }
    return job
}

func churn(_ index: Int, _ job: UploadJob, in store: UploadStore) throws {
    var job = job
    let states: [UploadJob.State] = [
        .uploading,
        .waiting(until: Date(timeIntervalSinceNow: 60), reason: "Can't reach school.example"),
        index % 5 == 0 ? .failed(reason: "The course is closed") : .done,
    ]
    for state in states {
        if let claim = try store.claim(job.id) {
            job.state = state
            job.attempts += 1
            try store.update(job)
            claim.release()
            say("updated \(job.id) \(job.attempts)")
        }
    }
    if index % 3 == 0 {
        say("removing \(job.id)")
        try store.remove(job.id)
        say("removed \(job.id)")
    }
}

func claim(_ id: String, holdingFor seconds: Double, in store: UploadStore) throws {
    guard let claim = try store.claim(id) else {
        say("busy")
        return
    }
    say("claimed")
    if seconds > 0 {
        var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var left = timespec()
        while nanosleep(&pause, &left) == -1 && errno == EINTR {
            pause = left
        }
    }
    claim.release()
}

func run(_ arguments: [String]) throws {
    guard arguments.count >= 3 else { fail("usage: queue-stress <data-dir> enqueue|churn <count> | claim <id> <seconds>") }
    let directory = URL(fileURLWithPath: arguments[1])
    let store = UploadStore(directory: directory, clock: .live)
    let sources = URL(fileURLWithPath: directory.path + ".sources")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    switch (arguments[2], arguments.count) {
    case ("enqueue", 4), ("churn", 4):
        guard let count = Int(arguments[3]) else { fail("count must be a number") }
        // Write the first sources before saying ready, so the test's kill lands in store
        // calls rather than in making up test data.
        for index in 0..<min(count, 3) { writeSource(index, in: sources) }
        say("ready")
        for index in 0..<count {
            let job = try enqueue(index, into: store, sources: sources)
            if arguments[2] == "churn" { try churn(index, job, in: store) }
        }
    case ("claim", 5):
        guard let seconds = Double(arguments[4]) else { fail("seconds must be a number") }
        try claim(arguments[3], holdingFor: seconds, in: store)
    default:
        fail("unknown mode \(arguments.dropFirst(2).joined(separator: " "))")
    }
}

do {
    try run(CommandLine.arguments)
} catch {
    fail(userMessage(for: error))
}
