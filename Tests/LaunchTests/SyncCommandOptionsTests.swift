import CourseKit
import Foundation
@testable import Launch
import Testing

/// `sync` and `--download-dir` on the command line: what they take, what they refuse, and that
/// help, the manual and every completion script know them.
@Suite struct SyncCommandOptionsTests {
    @Test(arguments: [
        (["sync", "--course", "7"], LaunchOptions.Command.sync(directory: nil, json: false)),
        (["sync", "--course", "7", "notes"], .sync(directory: "notes", json: false)),
        (["sync", "--json", "--course", "7", "/tmp/x y"], .sync(directory: "/tmp/x y", json: true)),
        (["sync", "--course=7", "--", "-odd"], .sync(directory: "-odd", json: false)),
    ])
    func parses(arguments: [String], command: LaunchOptions.Command) throws {
        let options = try LaunchOptions.parse(arguments)
        #expect(options.command == command)
        #expect(options.course == CourseID(7))
    }

    @Test func downloadDirGoesWithTheBrowserAndSync() throws {
        #expect(try LaunchOptions.parse(["--download-dir", "~/Course files"]).downloadDirectory == "~/Course files")
        let sync = try LaunchOptions.parse(["sync", "--course", "1", "--download-dir=/data/dl", "--catalog", "c.json"])
        #expect(sync.downloadDirectory == "/data/dl")
        #expect(sync.catalogPath == "c.json")
    }

    @Test(arguments: [
        (["sync"], "sync needs --course ID"),
        (["sync", "a", "b", "--course", "1"], "unexpected argument 'b'"),
        (["sync", "--course", "1", "--offline"], "--offline only goes with the browser (coursebrowser with no command), 'courses', 'course', 'grades', 'due', 'calendar' or 'mcp'"),
        (["queue", "--download-dir", "d"], "--download-dir only goes with the browser (coursebrowser with no command) or 'sync'"),
        (["--download-dir", ""], "--download-dir needs a file path, not an empty value"),
        (["sync", "--course", "1", "--download-dir", "a", "--download-dir", "b"], "--download-dir was given more than once"),
    ])
    func rejects(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) {
            try LaunchOptions.parse(arguments)
        }
    }

    @Test func helpTheManPageAndEveryCompletionKnowThem() throws {
        let help = LaunchOptions.helpText
        #expect(help.contains("coursebrowser sync [BACKEND] --course ID [DIR] [--json]"))
        #expect(help.contains("\n  --download-dir DIR\n"))
        let page = ManPage.text(keys: [])
        #expect(page.contains(".B sync\n"))
        #expect(page.contains(#"\-\-download\-dir"#))
        for shell in LaunchOptions.Shell.allCases {
            let script = Completions.script(for: shell)
            #expect(script.contains("sync"), "\(shell)")
            #expect(script.contains(shell == .fish ? "-l download-dir" : "--download-dir"), "\(shell)")
        }
        #expect(Completions.options(for: .sync).map(\.name).contains("--json"))
        #expect(!Completions.options(for: .sync).map(\.name).contains("--offline"))
        #expect(Completions.valueKind(of: try #require(LaunchOptions.spec(named: "--download-dir"))) == .directory)
    }
}
