import FakeCanvasKit
import Foundation
import Testing

/// A recording and a video embedded in a Canvas syllabus show in the Course pane as a line each,
/// with their title and address, and the video's fallback text does not.
@Suite struct SyllabusEmbedTests {
    @Test func embedsInTheSyllabusShowTheirTitleAndAddress() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        // Course 4's syllabus embeds a Canvas recording and a YouTube video (see the fake's data set).
        try tmux.launchApp(canvas: server, ["--course", "4"])
        let course = try await tmux.waitFor(box: "Course", "course 4's syllabus with its embeds") {
            $0.isFocused && $0.containsIgnoringWrapping("[YouTube video player]")
        }
        let recording = "[Video player for lecture1.mp4] \(server.baseURL.absoluteString)/media_objects_iframe/m-4lecture1?type=video"
        #expect(course.containsIgnoringWrapping(recording), "\(course)")
        #expect(course.containsIgnoringWrapping("[YouTube video player] https://www.youtube.com/embed/aqz-KE-bpKQ"), "\(course)")
        #expect(!course.containsIgnoringWrapping("does not support"), "the fallback text is not shown")
        #expect(course.contains("Grading: homework 40%, exams 60%."), "the text around them stays")
    }
}
