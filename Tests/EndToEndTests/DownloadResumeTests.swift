import FakeCanvasKit
import Foundation
import Testing

/// A large course file downloaded by `sync` survives `kill -9` and a connection the network drops
/// mid-way: the next try asks the file store for the rest (`Range` from the part's length, with
/// `If-Range`), the file that lands is byte for byte the store's, and memory stays flat meanwhile.
///
/// 128 MiB rather than the 1 GiB of the benchmark, so the suite's other timing tests keep the
/// machine they need; the code path is the same for any size.
@Suite(.serialized) struct DownloadResumeTests {
    static let size: Int64 = 128 << 20

    /// The fake Canvas with a large `big.bin` at course 1's top folder, and a folder for the run.
    struct BigFile {
        let queue: UploadEndToEndTests.QueueOnCanvas
        let file: FakeCanvasServer.AddedFile
        var target: URL { queue.directory.appendingPathComponent("files") }
        var final: URL { target.appendingPathComponent("big.bin") }
        /// The hidden part the download fills (`.<job ID>.part`), found by its name's shape; or
        /// where none is.
        var part: URL { Self.part(in: target) }

        static func part(in target: URL) -> URL {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: target.path)) ?? []
            let name = names.first { $0.hasPrefix(".") && $0.hasSuffix(".part") } ?? ".none.part"
            return target.appendingPathComponent(name)
        }
        var arguments: [String] { ["sync", "--course", "1", target.path] + queue.canvas }

        init() async throws {
            queue = try UploadEndToEndTests.QueueOnCanvas()
            do {
                file = try await queue.server.addFile(course: 1, name: "big.bin", size: DownloadResumeTests.size)
            } catch {
                queue.end()
                throw error
            }
        }

        /// The store requests for big.bin, in order.
        func storeRequests() async throws -> [FakeCanvasServer.LoggedRequest] {
            try await queue.server.requests().filter { $0.isStore && $0.path.contains("/store/\(file.id)/") }
        }

        /// The `Range` headers of the store requests for big.bin, in order.
        func ranges() async throws -> [String?] {
            try await storeRequests().map(\.range)
        }

        /// Whether the file on disk is the store's, byte for byte.
        func landedWhole() async throws -> Bool {
            let expected = try await queue.server.courseFiles().first { $0.id == file.id }?.sha256
            guard let expected else { return false }
            let final = final
            return try await offThePool { try TestFile.sha256(final) } == expected
        }
    }

    /// Process `pid`'s peak resident memory so far, in bytes (`VmHWM`), or nil when it can't be read.
    static func peakResident(_ pid: pid_t) -> Int64? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int64(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes * 1024
    }

    /// The length of the file at `url`, or nil when there is none.
    static func length(_ url: URL) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value
    }

    @Test func killedMidwayTheNextSyncAsksForTheRestAndTheFileIsWhole() async throws {
        let big = try await BigFile()
        defer { big.queue.end() }
        let pid = try AppCommand.start(big.arguments, environment: big.queue.environment, output: big.queue.directory.appendingPathComponent("sync1.out"))
        var stopped = false
        defer { if !stopped { kill(pid, SIGKILL) } }
        // Watch the part closely, on a thread of its own, and freeze the process once a good share
        // has arrived: from then on nothing more is written, so the part's length is what a resume must ask from.
        let target = big.target
        let caught = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            Thread.detachNewThread {
                let deadline = Date().addingTimeInterval(60)
                while Date() < deadline {
                    if let length = Self.length(BigFile.part(in: target)), length >= 64 << 20 {
                        kill(pid, SIGSTOP)
                        done.resume(returning: true)
                        return
                    }
                    usleep(1000)
                }
                done.resume(returning: false)
            }
        }
        let peak = Self.peakResident(pid)
        #expect(kill(pid, SIGKILL) == 0)
        stopped = true
        try await AppCommand.waitUntilGone(pid)
        try #require(caught, "the part never reached 64 MiB")
        let resident = try #require(peak, "no VmHWM for the sync process")
        #expect(resident < 48 << 20, "\(resident >> 20) MiB resident with \((Self.length(big.part) ?? 0) >> 20) MiB of the file arrived: the body is held in memory")
        let kept = try #require(Self.length(big.part))
        #expect(kept < Self.size, "killed before the whole file arrived")
        #expect(!FileManager.default.fileExists(atPath: big.final.path), "nothing under the final name while unfinished")

        let (arguments, environment) = (big.arguments, big.queue.environment)
        let again = try await offThePool { try AppCommand.run(arguments, environment: environment) }
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(try await big.ranges().last == "bytes=\(kept)-", "resumed from the part's \(kept) bytes")
        #expect(try await big.storeRequests().last?.if_range != nil, "a resume says which version it continues")
        #expect(try await big.landedWhole())
        #expect(!FileManager.default.fileExists(atPath: big.part.path))
    }

    @Test func aConnectionDroppedMidwayIsResumedByItselfAndTheFileIsWhole() async throws {
        let big = try await BigFile()
        defer { big.queue.end() }
        let dropped: Int64 = 50_000_000
        // The first store request learns the file's version (one byte); the second carries the body and is cut.
        try await big.queue.server.storeFault("store_drop_after", bytes: dropped, count: 2)

        let (arguments, environment) = (big.arguments, big.queue.environment)
        let result = try await offThePool { try AppCommand.run(arguments, environment: environment) }
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let ranges = try await big.ranges()
        #expect(ranges.last == "bytes=\(dropped)-", "\(ranges)")
        #expect(try await big.landedWhole())
    }
}
