import Testing

/// The layout follows the terminal's size as it changes, with no key pressed.
@Suite struct ResizeTests {
    @Test func layoutFollowsTheWindowSize() async throws {
        let tmux = try await TmuxSession(width: 120, height: 40)
        defer { tmux.close() }
        try tmux.launchApp()
        try await tmux.waitFor(box: "Courses · Current · 43", "the wide layout") { $0.isFocused }

        try tmux.resize(width: 70, height: 20)
        let narrow = try await tmux.waitFor("the one-pane layout with its tab row") { screen in
            screen.lines.first?.hasPrefix(" Courses · Current · 43   Due") == true && screen.lines.first?.hasSuffix("   Course   Queue") == true && !screen.boxes.isEmpty
        }
        #expect(narrow.boxes.map(\.title) == ["Courses · Current · 43"], "only the focused pane is drawn")
        try tmux.press("Tab")
        let switched = try await tmux.waitFor("Tab to show the Due pane instead") { $0.boxes.map { $0.title.hasPrefix("Due") ? "Due" : $0.title } == ["Due"] }
        #expect(switched.lines.first?.hasSuffix("   Course   Queue") == true, "the tabs in the screen's order")

        try tmux.resize(width: 30, height: 8)
        let tiny = try await tmux.waitFor(text: "Terminal too small")
        #expect(tiny.contains("30×8, need 40×10"))
        #expect(tiny.boxes.isEmpty)

        try tmux.resize(width: 120, height: 40)
        let wide = try await tmux.waitFor("four boxes again") { $0.boxes.count == 4 }
        // The Due pane's title counts what the planner holds, so only its name is fixed.
        #expect(wide.boxes.map { $0.title.hasPrefix("Due") ? "Due" : $0.title } == ["Courses · Current · 43", "Course", "Due", "Queue"])
        #expect(wide.boxes.map(\.isFocused) == [false, false, true, false], "focus survived the resizes")
        #expect(!wide.contains("Terminal too small"))
        #expect(wide.lines.count == 40 && wide.lines[39].hasPrefix(" Tab focus"), "the hint line is on the last row")
    }
}
