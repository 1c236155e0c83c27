import FakeCanvasKit
import Foundation
import Glibc
import Testing

/// `o` opens pages in the browser `BROWSER` names, and `--course` takes a Canvas web address.
@Suite(.serialized) struct WebBrowserTests {
    /// A `BROWSER` that writes each address it is given on a line of `record`.
    static func recordingBrowser(in tmux: TmuxSession) throws -> (script: URL, record: URL) {
        let script = tmux.directory.appendingPathComponent("browser.sh")
        let record = tmux.directory.appendingPathComponent("opened.txt")
        try Data("#!/bin/sh\nprintf '%s\\n' \"$1\" >> \(record.path.shellQuoted)\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return (script, record)
    }

    static func opened(_ record: URL) -> [String] {
        ((try? String(contentsOf: record, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test func oOpensTheCourseThenTheSelectedAssignmentInTheBrowserBROWSERNames() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        let (script, record) = try Self.recordingBrowser(in: tmux)
        try Data((server.token + "\n").utf8).write(to: tmux.tokenFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tmux.tokenFile.path)
        let arguments = ["--canvas", server.baseURL.absoluteString, "--token-file", tmux.tokenFile.path, "--data-dir", tmux.dataDirectory.path, "--course", "43"]
        try tmux.run("BROWSER=\(script.path.shellQuoted) " + tmux.appCommand(arguments) + #"; echo "exit=$?""#)
        try await tmux.waitFor(box: "Course", "course 43") { $0.contains("Assignments · 3") }

        try tmux.press("o")
        try await tmux.waitFor(box: "Course", "the course opened") { $0.contains("Opened World History 143 in the browser") }
        try tmux.press("n", "o")
        try await tmux.waitFor(box: "Course", "the assignment opened") { $0.contains("Opened Homework 1 in the browser") }
        let base = server.baseURL.absoluteString
        let homework = FakeCanvasServer.assignmentID(course: 43, number: 1)
        try await eventually("both pages reached the browser") { Self.opened(record).count == 2 }
        #expect(Self.opened(record) == ["\(base)/courses/43", "\(base)/courses/43/assignments/\(homework)"])
    }

    @Test func withoutADisplayOrBROWSERTheAddressIsShownInstead() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.launchApp(canvas: server, ["--course", "43"])
        try await tmux.waitFor(box: "Course", "course 43") { $0.contains("Assignments · 3") }
        try tmux.press("o")
        let box = try await tmux.waitFor(box: "Course", "the address shown") { $0.contains("No browser here (no display)") }
        #expect(box.contains("\(server.baseURL.absoluteString)/courses/43"), "\(box)")
    }

    @Test(arguments: ["/courses/43", "/courses/43/modules", "/courses/43/assignments/500431"])
    func aCanvasWebAddressOpensItsCourseOnItsCanvas(path: String) async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try Data((server.token + "\n").utf8).write(to: tmux.tokenFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tmux.tokenFile.path)
        // No --canvas: the address names the Canvas.
        try tmux.launchApp(["--course", server.baseURL.absoluteString + path, "--token-file", tmux.tokenFile.path, "--data-dir", tmux.dataDirectory.path])
        try await tmux.waitFor(box: "Course", "course 43 from its address") { $0.isFocused && $0.contains("World History 143") }
    }

    @Test func withACatalogOnlyTheCourseIDIsTakenFromTheAddress() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        let catalog = tmux.directory.appendingPathComponent("catalog.json")
        try Data(#"{"courses": [{"id": 1003, "name": "Đại số tuyến tính", "course_code": "MAT1093"}]}"#.utf8).write(to: catalog)
        try tmux.launchApp(["--catalog", catalog.path, "--course", "https://school.instructure.com/courses/1003/modules"])
        try await tmux.waitFor(box: "Course", "course 1003 from the catalog") { $0.isFocused && $0.contains("Đại số tuyến tính") }
    }
}
