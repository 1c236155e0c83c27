import Testing

/// `--course ID` opens a course at start, and an unknown ID fails inside the Course pane only.
@Suite struct DeepLinkTests {
    @Test func courseOptionOpensTheCourseWithoutAKey() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.launchApp(["--course", "10013"])
        let course = try await tmux.waitFor(box: "Course", "日本語入門 open and focused") {
            $0.isFocused && $0.lines.first?.trimmingSpaces() == "日本語入門"
        }
        #expect(course.contains("JPN 101"))
        let list = try await tmux.waitFor(box: "Courses · 48", "the deep-linked course marked") {
            $0.lines.contains { $0.hasPrefix("› 日本語入門") }
        }
        #expect(!list.isFocused)
    }

    @Test func unknownCourseShowsAnInlineErrorAndTheListStillWorks() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.launchApp(["--course", "999999"])
        let screen = try await tmux.waitFor("the list and the Course pane done loading") {
            $0.box("Courses · 48") != nil && $0.box("Course")?.contains("Couldn't load modules") == true
        }
        let course = try #require(screen.box("Course"))
        #expect(course.isFocused)
        #expect(course.lines.first?.trimmingSpaces() == "❗ Couldn't load course: No course with ID 999999  [r]etry")
        #expect(course.containsIgnoringWrapping("❗ Couldn't load syllabus: No course with ID 999999"))
        #expect(course.containsIgnoringWrapping("❗ Couldn't load modules: No course with ID 999999"))
        #expect(screen.box("Courses · 48")?.contains("Introduction to Computer") == true, "the list loads anyway")
        #expect(screen.box("Courses · 48")?.contains("Couldn't load") == false, "the error stays in the Course pane")
        #expect(screen.lastNonBlankLine.contains("r retry"), "the hint line offers retry")

        try tmux.press("BTab")
        try await tmux.waitFor(box: "Courses · 48", "focus on the list") { $0.isFocused }
        try tmux.press("Enter")
        let opened = try await tmux.waitFor(box: "Course", "the first course instead of the error") {
            $0.contains("Introduction to Computer Science")
        }
        #expect(!opened.contains("Couldn't load"))
    }
}
