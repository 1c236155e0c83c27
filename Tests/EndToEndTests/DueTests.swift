import Testing

/// `--due` starts on the Due pane, which loads what the sample catalog has due by itself.
@Suite struct DueTests {
    @Test func dueOptionFocusesTheDuePaneWithRowsGroupedByDay() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.launchApp(["--due"])
        let screen = try await tmux.waitFor("the Due pane focused and done loading") { screen in
            guard let due = screen.boxes.first(where: { $0.title.hasPrefix("Due") }), due.isFocused else { return false }
            return due.lines.contains { Self.isHeading($0) || $0.contains("Nothing due") }
        }
        let due = try #require(screen.boxes.first { $0.title.hasPrefix("Due") })
        #expect(!due.contains("Nothing due in the next 4 weeks"), "the sample catalog has something due: \(due)")
        let firstHeading = try #require(due.lines.firstIndex(where: Self.isHeading))
        #expect(due.lines.indices.contains(firstHeading + 1) && !Self.isHeading(due.lines[firstHeading + 1]), "a row under the heading: \(due)")
        #expect(due.title != "Due", "the title counts the items")
        #expect(screen.lastNonBlankLine.contains("Enter open"), "the hint line offers the Due pane's keys")
    }

    /// The sample's dates count from now; opened a while after the Due pane listed it, a course's
    /// work is still due when the pane said, not "moved" by the seconds in between.
    @Test func aSampleCourseOpenedFromTheDuePaneHasNothingMoved() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.launchApp(["--due"])
        try await tmux.waitFor(boxTitled: "Due", "what is due loaded") { $0.lines.contains { Self.isHeading($0) } }
        try await Task.sleep(for: .seconds(2))
        try tmux.press("Enter")
        let course = try await tmux.waitFor(box: "Course", "the course opened on its missing work") { $0.contains(" · missing") && $0.contains("Syllabus") }
        #expect(!course.contains("moved"), "\(course)")
    }

    /// Whether `line` is a day's heading: Missing, Today, Tomorrow or a day such as `Thu 10 Sep`.
    static func isHeading(_ line: String) -> Bool {
        let text = line.trimmingSpaces()
        return ["Missing", "Today", "Tomorrow"].contains(text)
            || text.wholeMatch(of: /(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2}( \d{4})?/) != nil
    }
}
