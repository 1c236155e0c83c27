import FakeMoodleKit
import Foundation
import Testing

/// A home directory of its own for one test against the fake Moodle, removed when the test ends:
/// the commands run in it as a student's shell would, with nothing set up but what a test adds.
final class MoodleHome {
    let url: URL
    let server: FakeMoodleServer

    init(_ server: FakeMoodleServer) throws {
        self.server = server
        url = FileManager.default.temporaryDirectory.appendingPathComponent("cb-moodle-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// `http://127.0.0.1:PORT`, the site's address.
    var site: String { server.baseURL.absoluteString }

    /// "127.0.0.1:PORT", as the app names the site.
    var host: String { "127.0.0.1:\(server.baseURL.port ?? 0)" }

    var environment: [String: String] { AppCommand.environment(token: nil, home: url) }

    var login: URL { url.appendingPathComponent(".config/coursebrowser/profiles/default.json") }

    /// Runs `coursebrowser arguments…` here, with `input` on standard input.
    func run(_ arguments: [String], input: String? = nil) throws -> CommandResult {
        try AppCommand.run(arguments, environment: environment, input: input)
    }

    /// Logs in with the student's username and password, as README says to, and checks it worked.
    func logIn(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try run(["login", "--moodle", site], input: "\(FakeMoodleServer.username)\n\(FakeMoodleServer.password)\n")
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
    }

    /// Every file under this home whose bytes contain `text`.
    func files(containing text: String) -> [String] {
        let names = FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String } ?? []
        return names.filter { name in
            let contents = FileManager.default.contents(atPath: url.appendingPathComponent(name).path) ?? Data()
            return contents.range(of: Data(text.utf8)) != nil
        }
    }
}
