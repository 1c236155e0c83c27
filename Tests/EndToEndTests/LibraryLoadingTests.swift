import FakeCanvasKit
import Foundation
import Testing

/// What a command loads on its way, as the dynamic loader tells it (`LD_DEBUG=files`): libcurl
/// for a command that asks Canvas, none for one that only reads the queue, and libcrypto never
/// opened for hashing by a command that hashes nothing larger than a token (libcurl brings it
/// along as OpenSSL's, which is no extra work).
@Suite(.serialized) struct LibraryLoadingTests {
    /// The loader's lines naming `library` (`file=libcurl.so.4 [0];  dynamically loaded by …`).
    static func loads(of library: String, in stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { $0.contains("file=\(library)") && !$0.contains("generating link map") }
    }

    /// `command` run against `server` from a home of its own, with the loader telling what it loads.
    static func runTellingLoads(_ command: [String], against server: FakeCanvasServer) throws -> CommandResult {
        let shell = try CanvasCommandLine(server: server)
        defer { shell.remove() }
        var environment = shell.environment
        environment["LD_DEBUG"] = "files"
        return try AppCommand.run(command + shell.arguments, environment: environment)
    }

    @Test func aCommandAskingCanvasOpensLibcurlButNotLibcryptoForItsDigests() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        for command in [["status"], ["due", "--json"], ["calendar"]] {
            let result = try Self.runTellingLoads(command, against: server)
            #expect(result.status == 0, "\(command): \(result.stderr.suffix(500))")
            let curl = Self.loads(of: "libcurl.so", in: result.stderr)
            #expect(curl.contains { $0.contains("dynamically loaded by") }, "\(command) never opened libcurl: \(curl)")
            let crypto = Self.loads(of: "libcrypto.so", in: result.stderr)
            #expect(!crypto.contains { $0.contains("dynamically loaded by") }, "\(command) opened libcrypto itself: \(crypto)")
        }
    }

    @Test func listingTheQueueOfACanvasOpensNoLibcurl() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let result = try Self.runTellingLoads(["queue"], against: server)
        #expect(result.status == 0, "\(result.stderr.suffix(500))")
        #expect(result.stderr.contains("file="), "the loader said nothing: LD_DEBUG was not read")
        #expect(Self.loads(of: "libcurl.so", in: result.stderr).isEmpty)
    }

    /// A `drain` with nothing queued exits at once: it opens no libcurl, as exiting while
    /// libcurl was still opening on another thread crashed one such run in five.
    @Test func drainingAnEmptyQueueOpensNoLibcurlAndAlwaysExitsCleanly() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let first = try Self.runTellingLoads(["drain"], against: server)
        #expect(first.status == 0, "\(first.stderr.suffix(500))")
        #expect(!Self.loads(of: "libcurl.so", in: first.stderr).contains { $0.contains("dynamically loaded by") })
        let shell = try CanvasCommandLine(server: server)
        defer { shell.remove() }
        let statuses = try (0..<10).map { _ in try AppCommand.run(["drain"] + shell.arguments, environment: shell.environment).status }
        #expect(statuses.allSatisfy { $0 == 0 }, "\(statuses)")
    }
}
