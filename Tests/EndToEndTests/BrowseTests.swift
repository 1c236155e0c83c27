import Testing

/// Moving through the sample catalog and opening courses, as a person would.
@Suite struct BrowseTests {
    @Test func downTwiceAndEnterOpensTheThirdCourse() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.launchApp()
        let start = try await tmux.waitFor("the sample catalog in a focused list") { $0.box("Courses · 48")?.isFocused == true }
        let list = try #require(start.box("Courses · 48"))
        let empty = try #require(start.box("Course"))
        #expect(list.lines.first?.contains("Introduction to Computer") == true)
        #expect(!empty.isFocused)
        #expect(empty.contains("Select a course and press Enter to open it."))

        try tmux.press("Down", "Down", "Enter")
        let opened = try await tmux.waitFor("the third course open and focused") {
            $0.box("Course").map { $0.isFocused && $0.contains("Lập trình Swift cơ bản") } == true
        }
        let course = try #require(opened.box("Course"))
        #expect(course.contains("INT2215"))
        #expect(course.containsIgnoringWrapping("Teachers: TS. Nguyễn Văn Hùng"))
        #expect(course.contains("Syllabus"))
        #expect(opened.box("Courses · 48")?.lines.contains { $0.hasPrefix("› Lập trình Swift cơ bản") } == true)

        // The modules come after a long syllabus: scroll the focused Course pane to its end.
        try tmux.press("G")
        try await tmux.waitFor(box: "Course", "the modules heading at the end") { box in
            box.lines.contains { $0.trimmingSpaces().hasPrefix("Modules · ") }
        }
    }

    @Test func jkGAndgMoveTheSelection() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.launchApp()
        try await tmux.waitFor(box: "Courses · 48", "the sample catalog") { $0.isFocused }

        try tmux.press("j", "j", "k", "Enter")
        try await tmux.waitFor(box: "Course", "the second course") { $0.contains("Data Structures and Algorithms") }

        try tmux.press("BTab")
        try await tmux.waitFor(box: "Courses · 48", "focus back on the list") { $0.isFocused }
        try tmux.press("G", "Enter")
        let last = try await tmux.waitFor("the last course open") {
            $0.box("Course").map { $0.isFocused && $0.contains("日本近代文学講読") } == true
        }
        let scrolled = try #require(last.box("Courses · 48"))
        #expect(scrolled.lines.contains { $0.hasPrefix("› 日本近代文学講読") })
        #expect(!scrolled.contains("Introduction to Computer"), "the list should have scrolled to its end")

        try tmux.press("BTab")
        try await tmux.waitFor(box: "Courses · 48", "focus back on the list") { $0.isFocused }
        try tmux.press("g", "Enter")
        let first = try await tmux.waitFor("the first course open") {
            $0.box("Course")?.contains("Introduction to Computer Science") == true
        }
        #expect(first.box("Courses · 48")?.lines.first?.hasPrefix("› Introduction to Computer") == true)
    }
}
