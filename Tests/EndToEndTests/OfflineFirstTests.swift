import FakeCanvasKit
import Foundation
import Glibc
import Testing

/// Canvas offline first, end to end: what was seen comes back at once from the saved copy,
/// with or without a network, and is refreshed behind it.
@Suite(.serialized) struct OfflineFirstTests {
    /// Every file under the test's cache directory, with its contents.
    static func cacheFiles(_ tmux: TmuxSession) -> [(path: String, contents: Data)] {
        let cache = tmux.directory.appendingPathComponent(".cache/coursebrowser")
        let names = FileManager.default.enumerator(atPath: cache.path)?.compactMap { $0 as? String } ?? []
        return names.compactMap { name in
            let path = cache.appendingPathComponent(name).path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
            return (path, FileManager.default.contents(atPath: path) ?? Data())
        }
    }

    /// Opens course 43 on `server` and waits until the list and the course are on screen, then quits.
    static func browseAndQuit(_ server: FakeCanvasServer, in tmux: TmuxSession, _ arguments: [String] = []) async throws {
        try tmux.launchApp(canvas: server, ["--course", "43"] + arguments)
        try await tmux.waitFor(boxTitled: "Courses", "the list") { $0.contains("World History 143") }
        try await tmux.waitFor(box: "Course", "course 43") { $0.contains("Assignments · 3") && $0.contains("Modules · ") }
        if !arguments.contains("--no-cache") {
            // Copies are written in the background, just after the answers are shown.
            // The list and the course's four sections; the Due pane's planner is saved beside them
            // (quitting before it answered would save none), and what was seen of each course in `seen/`.
            try await eventually("the answers saved") {
                let files = cacheFiles(tmux).map(\.path)
                return files.filter { $0.hasSuffix(".json") && !$0.hasSuffix("/planner.json") && !$0.contains("/seen/") }.count >= 5
                    && files.contains { $0.hasSuffix("/planner.json") }
            }
        }
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test func withCanvasDownTheListAndTheCourseComeFromTheSavedCopyAndRBringsThemUpToDate() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try await Self.browseAndQuit(server, in: tmux)
        let isProfile = { (path: String) in path.hasPrefix("/api/v1/users/self") && !path.hasPrefix("/api/v1/users/self/") }
        let asked = try await server.requests().filter { isProfile($0.path) }
        #expect(asked.count == 1, "whose copies they are is asked once: \(asked.map(\.path))")

        try await server.control("POST", "/__control/down")
        try tmux.launchApp(canvas: server, ["--course", "43"])
        let course = try await tmux.waitFor(box: "Course", "the saved course with the offline row") {
            $0.contains("Offline — showing what was saved") && $0.contains("Assignments · 3")
        }
        #expect(course.lines.first?.contains("❗ Offline — showing what was saved just now  [r]etry") == true, "\(course)")
        #expect(course.lines.filter { $0.contains("Offline") }.count == 1)
        let list = try await tmux.waitFor(boxTitled: "Courses", "the saved list with its row") {
            $0.contains("World History 143") && $0.containsIgnoringWrapping("Offline — showing what was saved just now")
        }
        #expect(list.title.hasPrefix("Courses · Current · "), "\(list.title)")

        try await server.control("POST", "/__control/up")
        try tmux.press("r")
        try await tmux.waitFor(box: "Course", "fresh, without the row") { !$0.contains("Offline") && $0.contains("Assignments · 3") }
        try tmux.press("BTab")
        try tmux.press("r")
        try await tmux.waitFor(boxTitled: "Courses", "fresh, without the row") { !$0.contains("Offline") && $0.contains("World History 143") }
        let askedAgain = try await server.requests().filter { isProfile($0.path) }
        #expect(askedAgain.count == 1, "a token's user is remembered, not asked at every start: \(askedAgain.map(\.path))")

        let token = server.token
        for file in Self.cacheFiles(tmux) {
            #expect(!file.path.contains(token))
            #expect(!String(decoding: file.contents, as: UTF8.self).contains(token), "the token is in \(file.path)")
        }
        #expect(Self.cacheFiles(tmux).count >= 6, "the list, the course, its syllabus, modules and assignments, and whose they are")
    }

    @Test func aSlowCanvasWithAWarmCacheStillShowsTheListAtOnce() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try await Self.browseAndQuit(server, in: tmux)
        try await server.fault(#"{"match": "/", "kind": "slow", "seconds": 20, "count": -1}"#)

        // A quarter of the time any answer takes: the list came from the saved copy, not from Canvas.
        // Not a tighter bound, as the app's own start is what it measures besides, and that
        // takes over a second while the whole suite runs at once.
        let started = ContinuousClock.now
        try tmux.launchApp(canvas: server, ["--course", "43"])
        try await tmux.glimpse("the saved list", timeout: .seconds(10)) { screen in
            screen.box(titled: "Courses")?.contains("World History 143") == true
        }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed < .seconds(5), "the list took \(elapsed) though every answer takes 10 s")
        let course = try await tmux.waitFor(box: "Course", "the saved course, refreshing") { $0.contains("Saved just now · refreshing…") }
        #expect(course.contains("Assignments · 3"))
        try await tmux.waitFor(boxTitled: "Course", "the fresh answers", timeout: .seconds(60)) { !$0.contains("Saved ") && $0.contains("Assignments · 3") }
    }

    @Test func offlineSendsNothingAndNoCacheSavesNothing() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try await Self.browseAndQuit(server, in: tmux, ["--no-cache"])
        #expect(Self.cacheFiles(tmux).isEmpty, "--no-cache saved \(Self.cacheFiles(tmux).map(\.path))")

        try await Self.browseAndQuit(server, in: tmux)
        try await server.control("DELETE", "/__control/requests")
        try tmux.launchApp(canvas: server, ["--course", "43", "--offline"])
        try await tmux.waitFor(box: "Course", "the saved course") { $0.contains("Offline — showing what was saved") && $0.contains("Assignments · 3") }
        try tmux.press("BTab", "BTab", "Down", "Down", "Enter")
        try await tmux.waitFor(box: "Course", "a course never opened, said so") { $0.containsIgnoringWrapping("Not saved on this machine yet; start without --offline to load it") }
        try await Task.sleep(for: .milliseconds(500))
        #expect(try await server.requests().isEmpty, "--offline sent a request")
    }
}
