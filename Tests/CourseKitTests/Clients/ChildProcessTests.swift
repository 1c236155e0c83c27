@testable import CourseKit
import Foundation
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

        let lasting = try #require(await ChildProcess.start("/bin/sleep", ["sleep", "30"], environment: [:]))
        #expect(await ChildProcess.watch(lasting, for: 0.05) == .running)
        kill(lasting, SIGTERM)
        // Reaped in the background once it ends: not even a zombie is left. (Asked with kill,
        // which a zombie still answers, so the test itself reaps nothing.)
        try await eventually("the child reaped") { kill(lasting, 0) == -1 && errno == ESRCH }
    }
}
