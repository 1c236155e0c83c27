import Foundation
import Testing
@testable import Canvas
@testable import CanvasJSON
import CourseKit
import FakeCanvasKit
import HTTP
import TestSupport
import UploadQueue

/// A manual measurement, not a unit test: how much a large upload grows the process's memory.
///
/// Run with `COURSEBROWSER_MEMORY_CHECK=<megabytes>` set, e.g.
/// `COURSEBROWSER_MEMORY_CHECK=200 swift test --filter UploadMemoryCheck`; it prints the figures.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["COURSEBROWSER_MEMORY_CHECK"] != nil))
struct UploadMemoryCheck {
    @Test func aLargeUploadKeepsMemoryFlat() async throws {
        let megabytes = Int(ProcessInfo.processInfo.environment["COURSEBROWSER_MEMORY_CHECK"] ?? "") ?? 200
        let folder = try ScratchFolder()
        let server = try FakeCanvasServer()
        defer { server.stop(); folder.remove() }
        let payload = try folder.payload(size: megabytes << 20)
        let transport = UploadTransport.canvas(CanvasConnection(
            baseURL: server.baseURL, credentials: .test(server.token), http: .curl(HTTPEngine(), timeouts: HTTPTimeouts(request: .seconds(30))),
            clock: .live, analytics: .noOp
        ))
        let before = MemoryStatus.read()
        let sampler = Task {
            var peak = 0
            while !Task.isCancelled {
                peak = max(peak, MemoryStatus.read().rssKB)
                try? await Task.sleep(for: .milliseconds(20))
            }
            return peak
        }
        let start = Date()
        try await transport.upload(uploadJob("big.bin"), payload) { _ in }
        let elapsed = Date().timeIntervalSince(start)
        sampler.cancel()
        let sampledPeak = await sampler.value
        let after = MemoryStatus.read()
        let files = try await server.files()
        #expect(files.first?.sha256 == (try sha256(of: payload)))
        let report = """
        upload of \(megabytes) MB in \(String(format: "%.1f", elapsed)) s
        VmRSS before \(before.rssKB / 1024) MB, sampled peak \(sampledPeak / 1024) MB (+\((sampledPeak - before.rssKB) / 1024) MB)
        VmHWM before \(before.hwmKB / 1024) MB, after \(after.hwmKB / 1024) MB (+\((after.hwmKB - before.hwmKB) / 1024) MB)
        """
        FileHandle.standardError.write(Data((report + "\n").utf8))
        #expect(sampledPeak - before.rssKB < 30 * 1024)
    }
}

/// Resident memory figures from /proc/self/status, in kB.
private struct MemoryStatus {
    var rssKB = 0
    var hwmKB = 0

    static func read() -> MemoryStatus {
        var status = MemoryStatus()
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") {
            let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count >= 2, let value = Int(parts[1]) else { continue }
            if parts[0] == "VmRSS:" { status.rssKB = value }
            if parts[0] == "VmHWM:" { status.hwmKB = value }
        }
        return status
    }
}
