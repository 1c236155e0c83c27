import CPseudoTerminal
import Launch
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A program running on a pseudo-terminal of a fixed size, as a person's terminal would run it.
///
/// The benchmark reads what the program draws and types keys at it, and reads its CPU time
/// and memory from `/proc`, so the app and its floor are measured by the same hands.
final class PseudoTerminal {
    let pid: pid_t
    private let master: Int32
    private(set) var output: [UInt8] = []
    let started: ContinuousClock.Instant
    /// The longest time without a byte from the program since `startTimingSilences()`.
    private(set) var longestSilence = Duration.zero
    private var lastByte = ContinuousClock.now

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(_ executable: String, _ arguments: [String], environment: [String: String], width: Int, height: Int) throws {
        var name = [CChar](repeating: 0, count: 256)
        master = pseudo_terminal_open(UInt16(height), UInt16(width), &name, name.count)
        guard master >= 0 else {
            throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let slave = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        started = .now
        pid = try Self.spawn(executable, arguments, environment: environment, terminal: slave)
    }

    /// Starts the program as the leader of a new session whose controlling terminal is `terminal`.
    private static func spawn(_ executable: String, _ arguments: [String], environment: [String: String], terminal: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened after setsid, without O_NOCTTY, so it becomes the controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, terminal, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        switch Spawn.start(executable, [executable] + arguments, environment: environment, actions: &actions, newSession: true) {
        case let .success(pid):
            return pid
        case let .failure(failure):
            throw Failure(description: "could not start \(executable): \(String(cString: strerror(failure.code)))")
        }
    }

    /// Starts counting the longest silence afresh, from now.
    func startTimingSilences() {
        longestSilence = .zero
        lastByte = .now
    }

    /// Gives the terminal a new size; the program hears of it by SIGWINCH.
    func resize(width: Int, height: Int) throws {
        guard pseudo_terminal_resize(master, UInt16(height), UInt16(width)) == 0 else {
            throw Failure(description: "can't resize the pseudo-terminal: \(String(cString: strerror(errno)))")
        }
    }

    /// Types `text` at the program.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads what arrives within `timeout`; returns how many bytes came.
    @discardableResult
    func read(for timeout: Duration) -> Int {
        let deadline = ContinuousClock.now + timeout
        var count = 0
        while ContinuousClock.now < deadline {
            count += readAvailable(waitingUpTo: deadline - .now)
        }
        return count
    }

    /// Reads until `marker` has appeared, or fails saying it never did.
    func expect(_ marker: String, timeout: Duration = .seconds(30)) throws {
        guard wait(for: marker, timeout: timeout) != nil else {
            throw Failure(description: "\(marker) never appeared on the screen")
        }
    }

    /// Reads until `marker` has appeared in the output since `offset`; the time it appeared, or nil at `timeout`.
    func wait(for marker: String, since offset: Int = 0, timeout: Duration = .seconds(60)) -> ContinuousClock.Instant? {
        let needle = Array(marker.utf8)
        let deadline = ContinuousClock.now + timeout
        var searched = offset
        while ContinuousClock.now < deadline {
            if readAvailable(waitingUpTo: deadline - .now) > 0 {
                if contains(needle, from: max(offset, searched - needle.count)) { return .now }
                searched = output.count
            }
        }
        return nil
    }

    /// Reads the answer to what was just typed: the first byte within `timeout`, then
    /// everything until nothing came for `quiet`. Returns when the first byte came and when
    /// the last did (the screen whole again), if any did.
    func answer(quiet: Duration = .milliseconds(3), timeout: Duration = .seconds(5)) -> (first: ContinuousClock.Instant?, last: ContinuousClock.Instant?, bytes: Int) {
        let deadline = ContinuousClock.now + timeout
        var bytes = 0
        while bytes == 0, ContinuousClock.now < deadline {
            bytes = readAvailable(waitingUpTo: deadline - .now)
        }
        guard bytes > 0 else { return (nil, nil, 0) }
        let first = ContinuousClock.now
        var last = first
        while case let count = readAvailable(waitingUpTo: quiet), count > 0 {
            bytes += count
            last = .now
        }
        return (first, last, bytes)
    }

    /// Reads until nothing came for `quiet`: the program has drawn what it had to draw.
    /// When each of `markers` first showed, reading until all have (from `offset` on); nil after
    /// `timeout` with some still missing. Markers that show together get the same moment.
    func waitForEach(_ markers: [String], since offset: Int = 0, timeout: Duration = .seconds(60)) -> [ContinuousClock.Instant]? {
        let needles = markers.map { Array($0.utf8) }
        var seen = [ContinuousClock.Instant?](repeating: nil, count: markers.count)
        let deadline = ContinuousClock.now + timeout
        while seen.contains(where: { $0 == nil }), ContinuousClock.now < deadline {
            guard readAvailable(waitingUpTo: deadline - .now) > 0 else { continue }
            let now = ContinuousClock.now
            for (index, needle) in needles.enumerated() where seen[index] == nil && contains(needle, from: offset) {
                seen[index] = now
            }
        }
        let found = seen.compactMap { $0 }
        return found.count == markers.count ? found : nil
    }

    func waitUntilQuiet(_ quiet: Duration = .milliseconds(300), timeout: Duration = .seconds(30)) {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline, readAvailable(waitingUpTo: quiet) > 0 {}
    }

    private func contains(_ needle: [UInt8], from start: Int) -> Bool {
        guard output.count >= needle.count else { return false }
        var index = max(0, start)
        while index + needle.count <= output.count {
            if output[index] == needle[0], Array(output[index..<(index + needle.count)]) == needle { return true }
            index += 1
        }
        return false
    }

    private func readAvailable(waitingUpTo wait: Duration) -> Int {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let milliseconds = max(0, Int32(wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000))
        guard poll(&descriptor, 1, milliseconds) > 0 else { return 0 }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
        guard count > 0 else {
            // The program is gone; don't spin on a closed terminal.
            usleep(1000)
            return 0
        }
        output += buffer[0..<count]
        longestSilence = max(longestSilence, .now - lastByte)
        lastByte = .now
        return count
    }

    /// The program's peak resident memory so far, in bytes.
    var peakMemory: Int {
        ChildRun.highWaterMark(of: pid)
    }

    /// The CPU milliseconds the program has used so far, all its threads together, as
    /// the kernel counts them (in its ticks, 10 ms on most systems).
    var cpuSoFar: Double {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              // The fields after the command's name, which is in parentheses and may hold spaces.
              let close = text.lastIndex(of: ")")
        else { return 0 }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // utime and stime, the 14th and 15th fields of the line, the 12th and 13th after the name.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) * 1000 / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Ends the program (`q` first, then SIGKILL if it lingers) and returns the CPU
    /// milliseconds it used in all, as the kernel counted them when reaping it.
    @discardableResult
    func stop() -> Double {
        type("q")
        var usage = rusage()
        for _ in 0..<200 {
            if wait4(pid, nil, WNOHANG, &usage) == pid {
                close(master)
                return Self.milliseconds(usage)
            }
            read(for: .milliseconds(10))
        }
        kill(pid, SIGKILL)
        wait4(pid, nil, 0, &usage)
        close(master)
        return Self.milliseconds(usage)
    }

    private static func milliseconds(_ usage: rusage) -> Double {
        let user = Double(usage.ru_utime.tv_sec) * 1000 + Double(usage.ru_utime.tv_usec) / 1000
        let system = Double(usage.ru_stime.tv_sec) * 1000 + Double(usage.ru_stime.tv_usec) / 1000
        return user + system
    }
}
