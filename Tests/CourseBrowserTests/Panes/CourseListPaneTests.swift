import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import HTMLText
import TerminalUI
import TestSupport

@MainActor
struct CourseListPaneTests {
    func render(_ pane: CourseListPane, width: Int = 40, height: Int = 6) -> [String] {
        pane.lines(width: width, height: height)
    }

    func loaded(_ environment: EnvironmentValues) async -> CourseListPane {
        let pane = CourseListPane(environment: environment)
        pane.start()
        await settle { !pane.isAnimating }
        return pane
    }

    /// Courses with no term, so the list has a single "No term" heading above them.
    func untermed(_ count: Int, code: (Int) -> String = { "C\($0)" }) -> [Course] {
        (1...count).map { Course(id: CourseID($0), name: "Course \($0)", code: code($0)) }
    }

    /// A started pane whose first page arrives, empty, only once the gate opens.
    func paneWaitingForItsFirstPage(_ environment: EnvironmentValues = Fixtures.environment()) -> (CourseListPane, Gate) {
        var environment = environment
        let gate = Gate()
        environment.courseClient.coursesPage = { _, _, _ in
            await gate.wait()
            return Page(items: [])
        }
        let pane = CourseListPane(environment: environment)
        pane.start()
        return (pane, gate)
    }

    @Test func showsASpinnerWhileTheFirstPageLoads() {
        let (pane, gate) = paneWaitingForItsFirstPage()
        let lines = render(pane)
        #expect(lines[0].contains("Loading current courses…"))
        #expect(pane.isAnimating)
        gate.open()
    }

    @Test func showsElapsedSecondsOnceALoadTakesLonger() {
        var environment = Fixtures.environment()
        let clock = ManualClock(Fixtures.start)
        environment.clock = clock.client
        let (pane, gate) = paneWaitingForItsFirstPage(environment)
        #expect(render(pane)[0].hasSuffix("Loading current courses…"))
        clock.advance(by: 5)
        #expect(render(pane)[0].hasSuffix("Loading current courses… 5s"))
        gate.open()
    }

    @Test func listsCoursesUnderTheirTermWithTheirCodes() async {
        let pane = await loaded(Fixtures.environment())
        let lines = render(pane)
        #expect(lines[0] == " Fall 2026")
        #expect(lines[1] == "  Lập trình Swift cơ bản      SWIFT-101")
        #expect(lines[2] == "  日本語入門                  JPN-101")
        #expect(lines[3] == " No term")
        #expect(lines[4] == "  Robotics Club 🤖            ROBO")
        #expect(pane.title == "Courses · Current · 3")
    }

    @Test func currentTermsComeFirstThenUpcomingThenPastOnesLatestFirst() async {
        let day: TimeInterval = 86_400
        func term(_ name: String, from start: TimeInterval, to end: TimeInterval) -> Course.Term {
            Course.Term(name: name, startAt: Fixtures.start + start * day, endAt: Fixtures.start + end * day)
        }
        let courses = [
            Course(id: CourseID(1), name: "Old", term: term("Spring 2025", from: -500, to: -400)),
            Course(id: CourseID(2), name: "Recent", term: term("Spring 2026", from: -200, to: -100)),
            Course(id: CourseID(3), name: "Next", term: term("Spring 2027", from: 120, to: 240)),
            Course(id: CourseID(4), name: "Now", term: term("Fall 2026", from: -10, to: 100)),
        ]
        var environment = Fixtures.environment(courses)
        environment.settings.save = { _ in }
        let pane = await loaded(environment)
        _ = pane.handle(.character("v"))
        _ = pane.handle(.character("v"))
        await settle { !pane.isAnimating }
        #expect(pane.state.scope == .all)
        let headings = render(pane, height: 8).filter { !$0.hasPrefix("  ") }
        #expect(headings == [" Fall 2026", " Spring 2027 · upcoming", " Spring 2026 · ended", " Spring 2025 · ended"])
    }

    @Test func theViewsCycleWithVAndEachLoadsItsOwnScope() async {
        var environment = Fixtures.environment()
        environment.settings.save = { _ in }
        let asked = Recorder<CourseScope>()
        let favorite = Course(id: CourseID(9), name: "Starred", isFavorite: true)
        environment.courseClient.coursesPage = { scope, _, _ in
            asked.append(scope)
            return Page(items: scope == .favorites ? [favorite] : Fixtures.courses)
        }
        let pane = await loaded(environment)
        #expect(pane.handle(.character("v")))
        await settle { !pane.isAnimating }
        #expect(pane.title == "Courses · Favorites · 1")
        #expect(render(pane)[1] == "  Starred")
        _ = pane.handle(.character("v"))
        await settle { !pane.isAnimating }
        #expect(pane.title == "Courses · All · 3")
        _ = pane.handle(.character("v"))
        #expect(pane.state.scope == .current)
        #expect(asked.values == [.current, .favorites, .all], "a view already loaded is not loaded again")
    }

    @Test func theLastViewIsRememberedForTheNextStart() async {
        var environment = Fixtures.environment()
        let saved = Recorder<Settings>()
        environment.settings = SettingsClient(load: { Settings(courseScope: .favorites) }, save: { saved.append($0) })
        let pane = CourseListPane(environment: environment)
        #expect(pane.state.scope == .favorites)
        _ = pane.handle(.character("v"))
        #expect(saved.values == [Settings(courseScope: .all)])
    }

    @Test func eachViewShowsItsOwnFailureRow() async {
        var environment = Fixtures.environment()
        environment.settings.save = { _ in }
        environment.courseClient.coursesPage = { scope, _, _ in
            guard scope == .current else { throw CourseClient.Failure(userMessage: "favorites broke") }
            return Page(items: Fixtures.courses)
        }
        let pane = await loaded(environment)
        _ = pane.handle(.character("v"))
        await settle { !pane.isAnimating }
        #expect(render(pane)[0] == " ❗ favorites broke  [r]etry")
        _ = pane.handle(.character("v"))
        _ = pane.handle(.character("v"))
        #expect(!render(pane).contains { $0.contains("favorites broke") })
    }

    @Test func anEmptyViewSaysSoAndPointsToTheOthers() async {
        let pane = await loaded(Fixtures.environment([]))
        #expect(render(pane)[0] == " No current courses · v shows more")
    }

    @Test func restrictedInvitedAndEndedCoursesAreMarked() async {
        let courses = [
            Course.restricted(CourseID(77)),
            Course(id: CourseID(2), name: "Invitation", code: "INV", enrollment: .invited),
        ]
        let pane = await loaded(Fixtures.environment(courses))
        let lines = render(pane, height: 8)
        #expect(lines.contains(" Not available now"))
        #expect(lines.contains("  🔒 Course 77               restricted"))
        #expect(lines.contains("  Invitation                 invited"))
    }

    @Test func coursesTheBackendSkippedAreNamedBelowTheList() async {
        var environment = Fixtures.environment()
        environment.courseClient.coursesPage = { _, _, _ in
            Page(items: [Fixtures.robotics], skipped: ["Skipped courses[1]: ID 103 is already used by courses[0]"])
        }
        let pane = await loaded(environment)
        let lines = render(pane, width: 60)
        #expect(lines[2] == " ! Skipped courses[1]: ID 103 is already used by courses[0]")
    }

    @Test func failureIsAnInlineRowWithRetryThatRecovers() async {
        var environment = Fixtures.environment()
        let attempts = Recorder<Int>()
        environment.courseClient.coursesPage = { _, _, _ in
            attempts.append(1)
            if attempts.values.count == 1 {
                throw CourseClient.Failure(userMessage: "Can't find catalog file /tmp/courses.json")
            }
            return Page(items: Fixtures.courses)
        }
        let pane = await loaded(environment)
        #expect(render(pane, width: 60)[0] == " ❗ Can't find catalog file /tmp/courses.json  [r]etry")
        let narrow = render(pane, width: 30)
        #expect(narrow[0] == " ❗ Can't find catalog file")
        #expect(narrow[1] == "    /tmp/courses.json  [r]etry")
        #expect(pane.hints.contains(KeyHint(key: "r", action: "retry")))

        #expect(pane.handle(.character("r")))
        await settle { !pane.isAnimating }
        #expect(render(pane, width: 60)[1].contains("Lập trình Swift"))
    }

    @Test func cutsWideNamesAtColumnBoundariesWithAnEllipsis() async {
        let long = Course(id: CourseID(1), name: "日本近代文学講読と演習", code: "")
        let pane = await loaded(Fixtures.environment([long]))
        let line = render(pane, width: 14)[1]
        #expect(line == "  日本近代文…")
        #expect(line.displayWidth <= 14)
    }

    @Test func aVeryLongNameIsCutBeforeItIsMeasured() async {
        let huge = Course(id: CourseID(1), name: String(repeating: "Đại số tuyến tính ", count: 500_000), code: "MAT")
        let pane = await loaded(Fixtures.environment([huge]))
        let line = render(pane, width: 40)[1]
        #expect(line.hasPrefix("  Đại số tuyến tính Đại số"))
        #expect(line.hasSuffix("… MAT"))
    }

    @Test func keepsTheSelectionVisibleWhenMovingPastTheBottom() async {
        let pane = await loaded(Fixtures.environment(untermed(50)))
        _ = render(pane, height: 5)
        for _ in 0..<7 { _ = pane.handle(.down) }
        let lines = render(pane, height: 5)
        #expect(lines[4].hasPrefix("  Course 8 "))
        #expect(lines[0].hasPrefix("  Course 4 "))
        _ = pane.handle(.end)
        #expect(render(pane, height: 5)[4].hasPrefix("  Course 50"))
        _ = pane.handle(.pageUp)
        #expect(pane.state.selectedCourse?.name == "Course 45")
        _ = pane.handle(.character("g"))
        let top = render(pane, height: 5)
        #expect(top[0] == " No term", "the first course's heading comes back into view")
        #expect(top[1].hasPrefix("  Course 1 "))
    }

    @Test func keepsTheSelectionVisibleWhenTheWindowShrinks() async {
        let pane = await loaded(Fixtures.environment(untermed(50, code: { _ in "" })))
        _ = render(pane, height: 20)
        for _ in 0..<15 { _ = pane.handle(.down) }
        let lines = render(pane, height: 4)
        #expect(lines.contains { $0.hasPrefix("  Course 16") })
    }

    @Test func enterReportsTheSelectedCourse() async {
        let pane = await loaded(Fixtures.environment())
        var opened: [CourseID] = []
        pane.sendToHost = { if case let .opened(id, nil) = $0 { opened.append(id) } }
        _ = pane.handle(.character("j"))
        _ = pane.handle(.enter)
        #expect(opened == [Fixtures.japanese.id])
    }

    @Test func marksTheOpenCourseWhenItArrivesLater() async {
        let pane = CourseListPane(environment: Fixtures.environment())
        pane.update(.opened(Fixtures.robotics.id))
        pane.start()
        await settle { !pane.isAnimating }
        #expect(pane.state.selectedCourse == Fixtures.robotics)
        #expect(render(pane)[4].hasPrefix("› Robotics Club"))
    }

    @Test func stripsTerminalEscapesFromCourseNames() async {
        let hostile = Course(id: CourseID(1), name: "Evil\u{1B}]0;pwned\u{07}\u{1B}[31m Course\u{9B}2J", code: "X")
        let pane = await loaded(Fixtures.environment([hostile]))
        let line = render(pane)[1]
        #expect(line.hasPrefix("  Evil Course"))
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }
}
