import CourseKit
import Foundation
@testable import Launch
import Testing
import TestSupport

/// `WebBrowser.live`: real commands, started away from the app's terminal.
struct WebBrowserTests {
    let folder: ScratchFolder
    let url: URL

    init() throws {
        folder = try ScratchFolder()
        url = try #require(URL(string: "https://school.example/courses/1003"))
    }

    @Test func browserGetsTheAddressButNotTheToken() async throws {
        defer { folder.remove() }
        let record = folder.url.appendingPathComponent("record").path
        let browser = try folder.script("browser", "printf '%s|%s|%s' \"$1\" \"$CANVAS_TOKEN\" \"$(ps -o sid= -p $$ | tr -d ' ')\" > \(record)")
        let outcome = await WebBrowser.live(environment: ["BROWSER": browser, "CANVAS_TOKEN": "s3cret", "PATH": "/usr/bin:/bin"]).open(url)
        #expect(outcome == .opened)
        let parts = (try String(contentsOfFile: record, encoding: .utf8)).split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        #expect(parts.first == url.absoluteString)
        #expect(parts.dropFirst().first == "", "the token is not passed on")
        #expect(parts.last != String(getsid(0)), "it runs in a session of its own, away from the app's terminal")
    }

    @Test func aBrowserThatFailsAtOnceOrWantsTheTerminalIsReportedAsFailed() async throws {
        defer { folder.remove() }
        let terminal = try folder.script("w3m-like", "echo hello > /dev/tty")
        #expect(await WebBrowser.live(environment: ["BROWSER": terminal]).open(url) == .failed("\(terminal) exited with status 2"))
        let missing = await WebBrowser.live(environment: ["BROWSER": "no-such-browser-here", "PATH": "/usr/bin:/bin"]).open(url)
        #expect(missing == .failed("no-such-browser-here is not installed"))
        let second = try folder.script("second", "exit 0")
        let fallback = await WebBrowser.live(environment: ["BROWSER": "no-such-browser-here:\(second) %s", "PATH": "/usr/bin:/bin"]).open(url)
        #expect(fallback == .opened, "the next command of the list is tried")
    }

    @Test func withoutBROWSEROrADisplayThereIsNoBrowserHere() async {
        #expect(await WebBrowser.live(environment: ["PATH": "/usr/bin:/bin", "SSH_CONNECTION": "1.2.3.4 5 6.7.8.9 22"]).open(url) == .noDisplay)
    }
}
