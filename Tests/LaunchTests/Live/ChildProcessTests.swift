import Foundation
@testable import Launch
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `ChildProcess`: programs started beside the app never see the token and are always reaped.
struct ChildProcessTests {
    let folder: ScratchFolder

    init() throws {
        folder = try ScratchFolder()
    }

    @Test func aLaunchedProgramGetsItsArgumentsButNotTheToken() async throws {
        defer { folder.remove() }
        let record = folder.url.appendingPathComponent("record").path
        let child = try folder.script("child", "printf '%s|%s' \"$1\" \"$CANVAS_TOKEN\" > \(record).tmp && mv \(record).tmp \(record)")
        ChildProcess.launch(child, [child, "Essay handed in"], environment: ["CANVAS_TOKEN": "s3cret", "PATH": "/usr/bin:/bin"])
        try await eventually("the program ran") { FileManager.default.fileExists(atPath: record) }
        #expect(try String(contentsOfFile: record, encoding: .utf8) == "Essay handed in|")
    }

    @Test func howAChildEndedIsToldAndOneStillRunningIsReapedLater() async throws {
        defer { folder.remove() }
        let failing = try folder.script("child", "exit 3")
        let pid = try #require(await ChildProcess.start(failing, [failing], environment: [:]))
        #expect(await ChildProcess.watch(pid, for: 2) == .exited(status: 3))

        // Once, with the whole suite running, the child was over within 50 ms (how is unknown:
        // the test process shares its PIDs, which wrap at 32,768 here, with every other test's
        // children). Another is tried then, and each outcome is named if none runs.
        var early: [ChildProcess.Outcome] = []
        var lasting: pid_t = 0
        for _ in 0..<3 {
            lasting = try #require(await ChildProcess.start("/bin/sleep", ["sleep", "30"], environment: [:]))
            let outcome = await ChildProcess.watch(lasting, for: 0.05)
            if outcome == .running { break }
            early.append(outcome)
        }
        #expect(early.count < 3, "a sleeping child is not told as running: \(early)")
        kill(lasting, SIGTERM)
        // Reaped in the background once it ends: not even a zombie is left. (Asked with kill,
        // which a zombie still answers, so the test itself reaps nothing.)
        try await eventually("the child reaped") { kill(lasting, 0) == -1 && errno == ESRCH }
    }
}
