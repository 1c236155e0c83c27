import Foundation
import Testing

/// Moving through the sample catalog and opening courses, as a person would.
@Suite struct BrowseTests {
    /// The sample catalog's Current view: every course but the past ones, grouped by term.
    static let list = "Courses · Current · 43"

    @Test func movingDownAndEnterOpensTheCourseWithItsLockedModules() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.launchApp()
        let start = try await tmux.waitFor("the sample catalog in a focused list") { $0.box(Self.list)?.isFocused == true }
        let list = try #require(start.box(Self.list))
        let empty = try #require(start.box("Course"))
        #expect(list.lines.first?.trimmingSpaces() == "秋学期", "the first term's heading: \(list)")
        #expect(list.contains("Học kỳ 1"))
        #expect(!empty.isFocused)
        #expect(empty.contains("Select a course and press Enter to open it."))

        // The seventh course: past the three of 秋学期 and three of Học kỳ 1.
        for _ in 0..<6 { try tmux.press("Down") }
        try tmux.press("Enter")
        let opened = try await tmux.waitFor("the course open and focused") {
            $0.box("Course").map { $0.isFocused && $0.contains("Lập trình Swift cơ bản") } == true
        }
        let course = try #require(opened.box("Course"))
        #expect(course.contains("INT2215 · Học kỳ 1"))
        #expect(course.containsIgnoringWrapping("Teachers: TS. Nguyễn Văn Hùng"))
        #expect(course.contains("Syllabus"))
        #expect(opened.box(Self.list)?.lines.contains { $0.hasPrefix("› Lập trình Swift cơ bản") } == true)

        // The modules come after a long syllabus: scroll the focused Course pane to its end.
        try tmux.press("G")
        let end = try await tmux.waitFor(box: "Course", "the locked last module at the end") { box in
            box.lines.contains { $0.trimmingSpaces().hasPrefix("🔒 Kiểm tra và bài tập lớn · opens ") }
        }
        #expect(end.containsIgnoringWrapping("Học phần này mở khi bạn hoàn thành Chương 4."), "why its items are locked: \(end)")
        #expect(end.lines.contains { $0.contains("Quiz   🔒 Kiểm tra giữa kỳ") }, "\(end)")
    }

    @Test func jkGAndgMoveTheSelectionAndTheLastCourseIsRestricted() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.launchApp()
        try await tmux.waitFor(box: Self.list, "the sample catalog") { $0.isFocused }

        try tmux.press("j", "j", "k", "Enter")
        try await tmux.waitFor(box: "Course", "the second course") { $0.contains("日本近代文学講読") }

        try tmux.press("BTab", "BTab")
        try await tmux.waitFor(box: Self.list, "focus back on the list") { $0.isFocused }
        try tmux.press("G", "Enter")
        let last = try await tmux.waitFor("the last course open") {
            $0.box("Course").map { $0.isFocused && $0.contains("Course 10049") } == true
        }
        let restricted = try #require(last.box("Course"))
        #expect(restricted.lines.first?.trimmingSpaces() == "🔒 Course 10049 is not available (restricted by date)", "\(restricted)")
        #expect(!restricted.contains("[r]etry"), "nothing to retry")
        #expect(!restricted.contains("token"))
        let scrolled = try #require(last.box(Self.list))
        #expect(scrolled.lines.contains { $0.hasPrefix("› 🔒 Course 10049") }, "\(scrolled)")
        #expect(scrolled.contains("Not available now"))
        #expect(!scrolled.contains("情報科学基礎"), "the list should have scrolled to its end")

        try tmux.press("BTab", "BTab")
        try await tmux.waitFor(box: Self.list, "focus back on the list") { $0.isFocused }
        try tmux.press("g", "Enter")
        let first = try await tmux.waitFor("the first course open") {
            $0.box("Course")?.contains("情報科学基礎") == true
        }
        #expect(first.box(Self.list)?.lines.dropFirst().first?.hasPrefix("› 情報科学基礎") == true)
    }

    @Test func vCyclesTheViewsAndTheLastOneIsRememberedAtTheNextStart() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.launchApp()
        try await tmux.waitFor(box: Self.list, "the current courses") { $0.isFocused }
        try await tmux.waitFor("the hint line to offer v") { $0.lastNonBlankLine.contains("v view") }

        try tmux.press("v")
        let favorites = try await tmux.waitFor(box: "Courses · Favorites · 5", "the favorites") { $0.isFocused }
        #expect(favorites.contains("Lập trình Swift cơ bản"))
        #expect(!favorites.contains("Orgo"))

        try tmux.press("v")
        let all = try await tmux.waitFor(box: "Courses · All · 49", "every course") { $0.isFocused }
        #expect(!all.contains("ended"), "the past terms come last, below the screen")
        try tmux.press("G")
        let bottom = try await tmux.waitFor(box: "Courses · All · 49", "the past terms at the end") { $0.contains("· ended") }
        #expect(bottom.contains("Fall term, last year · ended"))
        #expect(bottom.contains("Operating Systems"))

        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
        try tmux.launchApp()
        try await tmux.waitFor(box: "Courses · All · 49", "the All view again after a restart") { $0.isFocused }
    }

    @Test func theProgramCopiedAloneStillHasItsSampleCatalog() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        let alone = tmux.directory.appendingPathComponent("bin/coursebrowser")
        try FileManager.default.createDirectory(at: alone.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: tmux.appPath, toPath: alone.path)
        try tmux.run(alone.path.shellQuoted + #"; echo "exit=$?""#)
        let screen = try await tmux.waitFor("the sample catalog from a lone copy of the program") { $0.box(Self.list)?.isFocused == true }
        #expect(screen.box(Self.list)?.contains("Học kỳ 1") == true)
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}

extension BrowseTests {
    @Test func slashFindsACourseAsYouTypeIgnoringAccentsAndEscBringsTheListBack() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.launchApp()
        let full = try await tmux.waitFor(boxTitled: "Courses", "the list") { $0.contains("Lập trình Swift cơ bản") }
        try tmux.press("/")
        try tmux.type("lap trinh")
        let narrowed = try await tmux.waitFor(boxTitled: "Courses", "one course left") { $0.title.hasSuffix(" · 1 of \(full.title.split(separator: " ").last ?? "")") }
        #expect(narrowed.lines.contains { $0.contains("Lập trình Swift cơ bản") }, "\(narrowed)")
        #expect(narrowed.lines.first?.trimmingSpaces() == "/ lap trinh")
        try await tmux.waitFor(text: "Enter keep")
        try tmux.press("Enter")
        let kept = try await tmux.waitFor(boxTitled: "Courses", "the filter kept") { $0.lines.first?.contains("Esc clears") == true }
        #expect(kept.title.hasSuffix("1 of \(full.title.split(separator: " ").last ?? "")"))
        try tmux.press("Enter")
        try await tmux.waitFor(box: "Course", "the found course open") { $0.contains("INT2215") }
        try tmux.press("BTab", "BTab", "Escape")
        try await tmux.waitFor(boxTitled: "Courses", "every course again") { $0.title == full.title }
    }
}

extension BrowseTests {
    /// Sends a mouse report as a terminal in SGR mode (1006) sends it: `ESC [ < button ; column ; row`,
    /// then `M` for a press or `m` for a release; `button` 0 is the left one, 65 the wheel turning
    /// down; `x` and `y` from 0.
    static func mouse(_ button: Int, x: Int, y: Int, release: Bool = false, in tmux: TmuxSession) throws {
        try tmux.type("\u{1B}[<\(button);\(x + 1);\(y + 1)" + (release ? "m" : "M"))
    }

    static func click(x: Int, y: Int, in tmux: TmuxSession) throws {
        try mouse(0, x: x, y: y, in: tmux)
        try mouse(0, x: x, y: y, release: true, in: tmux)
    }

    /// tmux's own terminal, and xterm's, whose description names `ESC [ <` as a mouse key.
    @Test(arguments: ["", "xterm-256color"])
    func aClickSelectsASecondOpensAndTheWheelScrollsTheCourse(term: String) async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.run((term.isEmpty ? "" : "TERM=\(term) ") + tmux.appCommand() + #"; echo "exit=$?""#)
        let list = try await tmux.waitFor(boxTitled: "Courses", "the list") { $0.contains("Giải tích 1") }
        #expect(try tmux.format("#{mouse_any_flag}") == "1", "the app asked for mouse reports")
        // The box's rows start under its top border, on the screen's second row.
        let row = try #require(list.lines.firstIndex { $0.contains("Giải tích 1") }) + 1
        try Self.click(x: 5, y: row, in: tmux)
        try await Task.sleep(for: .milliseconds(200))
        #expect(try await tmux.waitFor(box: "Course", "still nothing open") { _ in true }.contains("Select a course"), "one click only selects")
        try Self.click(x: 5, y: row, in: tmux)
        let course = try await tmux.waitFor(box: "Course", "the course opened by a second click") { $0.isFocused && $0.contains("MAT1041") }
        try Self.mouse(65, x: 60, y: 10, in: tmux)
        try Self.mouse(65, x: 60, y: 10, in: tmux)
        try await tmux.waitFor(box: "Course", "the course scrolled by the wheel") { $0.lines.first != course.lines.first }
        let uploadsRow = try #require(try await tmux.waitFor(text: "Nothing queued").lines.firstIndex { $0.contains("Nothing queued") })
        try Self.click(x: 10, y: uploadsRow, in: tmux)
        try await tmux.waitFor(boxTitled: "Queue", "the Uploads pane focused by a click") { $0.isFocused }
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
        #expect(try tmux.format("#{mouse_any_flag}") == "0", "the mouse is the terminal's again")
    }

    @Test func noMouseLeavesTheMouseToTheTerminal() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.launchApp(["--no-mouse"])
        try await tmux.waitFor(boxTitled: "Courses", "the list") { $0.contains("Giải tích 1") }
        #expect(try tmux.format("#{mouse_any_flag}") == "0", "no mouse reports were asked for")
    }
}

extension BrowseTests {
    @Test func escInTheCoursePaneGoesBackToTheListAndHLMoveFocusAcross() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.launchApp()
        try await tmux.waitFor(box: Self.list, "the sample catalog") { $0.isFocused }
        try tmux.press("j", "Enter")
        try await tmux.waitFor(box: "Course", "the second course, focused") { $0.isFocused && $0.contains("日本近代文学講読") }

        try tmux.press("Escape")
        let back = try await tmux.waitFor("focus back on the list") { $0.box(Self.list)?.isFocused == true }
        #expect(back.box("Course")?.contains("日本近代文学講読") == true, "the course stays shown: \(back)")
        #expect(back.box(Self.list)?.lines.contains { $0.hasPrefix("› 日本近代文学講読") } == true, "and selected in the list: \(back)")

        try tmux.press("l")
        try await tmux.waitFor(box: "Course", "l: the pane on the right") { $0.isFocused }
        try tmux.press("h")
        try await tmux.waitFor(box: Self.list, "h: the pane on the left") { $0.isFocused }
    }
}
