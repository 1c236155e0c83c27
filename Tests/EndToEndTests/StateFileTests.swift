import FakeCanvasKit
import Foundation
import Testing

/// What the app keeps on disk (saved copies, ETag entries, whose token it is, `seen/`, the
/// rate reading, download records, job records) is only ever read when it is a regular file:
/// a FIFO put in the place of each, or a symbolic link to one, never blocks a command.
@Suite(.serialized) struct StateFileTests {
    /// Replaces every regular file below `folder` with a symbolic link to `fifo`; returns how many.
    static func replaceEveryFile(below folder: URL, withLinkTo fifo: String) throws -> Int {
        var replaced = 0
        for relative in DownloadEndToEndTests.files(below: folder) {
            let path = folder.appendingPathComponent(relative).path
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: fifo)
            replaced += 1
        }
        return replaced
    }

    /// Runs `arguments` in the background and says whether it ended within `limit`; kills it if not.
    static func ends(_ arguments: [String], environment: [String: String], output: URL, within limit: Duration) async throws -> Bool {
        let pid = try AppCommand.start(arguments, environment: environment, output: output)
        do {
            try await eventually("\(arguments.first ?? "") to end", timeout: limit) {
                guard kill(pid, 0) == 0 else { return true }
                let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
                return stat.components(separatedBy: ") ").last?.hasPrefix("Z") ?? true
            }
            return true
        } catch {
            kill(pid, SIGKILL)
            return false
        }
    }

    @Test func fifosInThePlaceOfEveryStateFileBlockNoCommand() async throws {
        let setup = try SyncCommandTests.Setup()
        defer { setup.end() }
        let options = setup.options
        let environment = setup.environment
        let first = try await offThePool { try AppCommand.run(["due", "--json"] + options, environment: environment) }
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try await setup.sync().status == 0)

        let fifo = setup.queue.directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let home = setup.queue.directory
        let replaced = try Self.replaceEveryFile(below: home.appendingPathComponent(".cache"), withLinkTo: fifo)
            + Self.replaceEveryFile(below: setup.queue.data, withLinkTo: fifo)
        #expect(replaced >= 10, "only \(replaced) state files were found to replace")

        for command in [["due", "--json"], ["queue"], ["status"], ["sync", "--course", "1", setup.target.path]] {
            let output = home.appendingPathComponent("\(command[0]).out")
            let ended = try await Self.ends(command + options, environment: environment, output: output, within: .seconds(30))
            #expect(ended, "\(command) waited on a FIFO: \((try? String(contentsOf: output, encoding: .utf8)) ?? "")")
        }
    }
}
