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
        let list = try await tmux.waitFor(box: "Courses · Current · 43", "the deep-linked course marked") {
            $0.lines.contains { $0.hasPrefix("› 日本語入門") }
        }
        #expect(!list.isFocused)
    }

    @Test func unknownCourseShowsAnInlineErrorAndTheListStillWorks() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.launchApp(["--course", "999999"])
        let screen = try await tmux.waitFor("the list and the Course pane done loading") {
            $0.box("Courses · Current · 43") != nil && $0.box("Course")?.contains("Couldn't load course") == true
        }
        let course = try #require(screen.box("Course"))
        #expect(course.isFocused)
        #expect(course.lines.first?.trimmingSpaces() == "❗ Couldn't load course: No course with ID 999999  [r]etry")
        #expect(course.lines.filter { $0.contains("❗") }.count == 1, "one row, not one per section: \(course)")
        #expect(!course.contains("Syllabus"))
        #expect(screen.box("Courses · Current · 43")?.contains("情報科学基礎") == true, "the list loads anyway")
        #expect(screen.box("Courses · Current · 43")?.contains("Couldn't load") == false, "the error stays in the Course pane")
        #expect(screen.lastNonBlankLine.contains("r retry"), "the hint line offers retry")

        try tmux.press("BTab", "BTab")
        try await tmux.waitFor(box: "Courses · Current · 43", "focus on the list") { $0.isFocused }
        try tmux.press("Enter")
        let opened = try await tmux.waitFor(box: "Course", "the first course instead of the error") {
            $0.contains("情報科学基礎")
        }
        #expect(!opened.contains("Couldn't load"))
    }
}
