import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension Measurements {
    /// How many times a second the program's threads were switched out over `seconds` once
    /// `marker` showed and the screen settled, while nobody types: every wake-up ends in one, so
    /// a program that sleeps until something happens scores near 0.
    ///
    /// Counted from the kernel's tally for each thread (`/proc/PID/task/*/status`), read every
    /// quarter of a second, so a thread that ends meanwhile loses at most its last quarter.
    func wakeups(_ executable: String, _ arguments: [String], marker: String, seconds: Int = 10) throws -> Double {
        let terminal = try start(executable, arguments)
        defer { terminal.stop() }
        try terminal.expect(marker)
        terminal.waitUntilQuiet()
        // A second to settle, so what starting left to finish doesn't count.
        terminal.read(for: .seconds(1))
        var last = Self.contextSwitches(of: terminal.pid)
        var total = 0
        let end = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < end {
            // Reading what the program draws meanwhile, so it never waits on a full terminal.
            terminal.read(for: min(.milliseconds(250), end - .now))
            let current = Self.contextSwitches(of: terminal.pid)
            total += current.reduce(0) { sum, thread in sum + thread.value - (last[thread.key] ?? 0) }
            last = current
        }
        return Double(total) / Double(seconds)
    }

    /// Each thread's voluntary and involuntary context switches so far, by thread ID.
    static func contextSwitches(of pid: pid_t) -> [String: Int] {
        let tasks = "/proc/\(pid)/task"
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
        var counts: [String: Int] = [:]
        for thread in threads {
            guard let status = try? String(contentsOfFile: "\(tasks)/\(thread)/status", encoding: .utf8) else { continue }
            counts[thread] = status.split(separator: "\n")
                .filter { $0.hasPrefix("voluntary_ctxt_switches:") || $0.hasPrefix("nonvoluntary_ctxt_switches:") }
                .compactMap { $0.split(whereSeparator: \.isWhitespace).last.flatMap { Int($0) } }
                .reduce(0, +)
        }
        return counts
    }
}
