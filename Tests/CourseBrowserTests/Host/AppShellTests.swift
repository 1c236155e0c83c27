import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import HTMLText
import TerminalUI
import TestSupport

@MainActor
struct AppShellTests {
    func render(_ shell: AppShell, width: Int = 120, height: Int = 30) -> [String] {
        shell.lines(width: width, height: height)
    }

    func started(_ environment: EnvironmentValues = Fixtures.environment(), opening id: CourseID? = nil) async -> AppShell {
        let shell = AppShell(environment: environment.planning([]))
        shell.start(openingCourse: id)
        await settle { !shell.isAnimating }
        return shell
    }

    @Test func enterInTheListLoadsThatCourseByIDInTheDetailPane() async {
        var environment = Fixtures.environment()
        let requested = Recorder<CourseID>()
        let catalog = Fixtures.catalog()
        environment.courseClient.course = { id, _ in
            requested.append(id)
            return try catalog.entry(id).course
        }
        let shell = await started(environment)
        #expect(shell.handle(.down) == .handled)
        #expect(shell.handle(.enter) == .handled)
        await settle { !shell.isAnimating }
        #expect(requested.values == [Fixtures.japanese.id])
        #expect(shell.focus == .detail)
        #expect(render(shell).contains { $0.contains("┃ 日本語入門") })
    }

    @Test func aDeepLinkOpensTheCourseAndMarksItInTheList() async {
        let shell = await started(opening: Fixtures.robotics.id)
        #expect(shell.focus == .detail)
        let lines = render(shell)
        #expect(lines.contains { $0.contains("┃ Robotics Club 🤖") })
        #expect(lines.contains { $0.hasPrefix("│› Robotics Club 🤖") })
    }

    @Test func aDeepLinkByAnotherFormOfTheIDStillMarksTheCourseInTheList() async {
        var environment = Fixtures.environment()
        let catalog = Fixtures.catalog()
        environment.courseClient.course = { id, _ in
            try catalog.entry(id.rawValue == "sis_course_id:ROBO" ? Fixtures.robotics.id : id).course
        }
        let shell = await started(environment, opening: CourseID("sis_course_id:ROBO"))
        #expect(render(shell).contains { $0.hasPrefix("│› Robotics Club 🤖") })
    }

    @Test func aDeepLinkToAnUnknownCourseFailsOnlyInTheDetailPane() async {
        let shell = await started(opening: CourseID(999_999))
        let lines = render(shell)
        #expect(lines.contains { $0.contains("❗ Couldn't load course: No course with ID 999999  [r]etry") })
        #expect(lines.contains { $0.contains("Lập trình Swift cơ bản") })
        #expect(shell.handle(.backTab) == .handled)
        #expect(shell.handle(.backTab) == .handled)
        #expect(shell.focus == .list, "back past Due, which sits under the courses")
        _ = shell.handle(.enter)
        await settle { !shell.isAnimating }
        #expect(!render(shell).contains { $0.contains("❗") })
    }

    @Test func everyFailingPaneShowsItsOwnRow() async {
        var environment = Fixtures.environment()
        environment.courseClient.coursesPage = { _, _, _ in throw CourseClient.Failure(userMessage: "Can't find catalog file /nope.json") }
        environment.uploadQueue.jobs = { throw CourseClient.Failure(userMessage: "queue is locked") }
        let shell = await started(environment, opening: CourseID(42))
        let errors = render(shell, width: 140).filter { $0.contains("❗") }
        let markers = errors.joined().filter { $0 == "❗" }.count
        #expect(markers == 3, "one row each: list, the unknown course, uploads")
        #expect(errors.contains { $0.contains("Can't find catalog file /nope.json") })
        #expect(errors.contains { $0.contains("Couldn't read the upload queue: queue is locked") })
    }

    @Test func tabCyclesFocusAndTheFocusedBoxIsHeavy() async {
        let shell = await started()
        #expect(render(shell)[0].hasPrefix("┏━ Courses · Current · 3"))
        _ = shell.handle(.tab)
        #expect(shell.focus == .due, "Tab follows the screen: the left column top down first")
        _ = shell.handle(.tab)
        #expect(render(shell)[0].hasPrefix("┌─ Courses · Current · 3"))
        #expect(render(shell)[0].contains("┏━ Course ━"))
        _ = shell.handle(.tab)
        #expect(shell.focus == .uploads)
        _ = shell.handle(.tab)
        #expect(shell.focus == .list)
        _ = shell.handle(.backTab)
        #expect(shell.focus == .uploads)
    }

    @Test func narrowTerminalsShowOnePaneUnderTabs() async {
        let shell = await started()
        let lines = render(shell, width: 60, height: 20)
        #expect(lines[0] == " Courses · Current · 3   Due   Course   Queue")
        #expect(lines[1].hasPrefix("┏━ Courses · Current · 3"))
        #expect(!lines.contains { $0.contains("Nothing queued") })
        _ = shell.handle(.tab)
        #expect(render(shell, width: 60, height: 20)[1].hasPrefix("┏━ Due"))
        _ = shell.handle(.tab)
        #expect(render(shell, width: 60, height: 20)[1].hasPrefix("┏━ Course ━"))
    }

    @Test func tinyTerminalsGetAMessageInsteadOfBrokenBoxes() async {
        let shell = await started()
        let lines = render(shell, width: 39, height: 12)
        #expect(lines.contains { $0.contains("Terminal too small") })
        #expect(!lines.contains { $0.contains("┏") })
        #expect(render(shell, width: 40, height: 10).contains { $0.contains("┏") })
    }

    @Test func helpOpensOverThePanesAndClosesWithEscape() async {
        let shell = await started()
        _ = shell.handle(.character("?"))
        #expect(render(shell).contains { $0.contains("Keys") && $0.contains("┏") })
        #expect(shell.handle(.character("v")) == .ignored, "the panes' keys wait while the help is open")
        _ = shell.handle(.escape)
        #expect(!render(shell).contains { $0.contains("┏━ Keys") })
    }

    @Test func quitsOnQAndControlC() async {
        let shell = await started()
        #expect(shell.handle(.character("q")) == .quit)
        #expect(shell.handle(.control("c")) == .quit)
    }

    @Test func theHintLineFollowsTheFocusedPane() async {
        var environment = Fixtures.environment()
        environment.courseClient.coursesPage = { _, _, _ in throw CourseClient.Failure(userMessage: "Can't find catalog file /x") }
        let shell = await started(environment)
        #expect(render(shell).last == " Tab focus  ↑↓ move  v view  / find  r retry  h/l pane  ? help  q quit", "no course to open")
        _ = shell.handle(.tab)
        #expect(render(shell).last == " Tab focus  ↑↓ move  a to-do  h/l pane  ? help  q quit", "Due")
        _ = shell.handle(.tab)
        #expect(render(shell).last == " Tab focus  ↑↓ move  h/l pane  ? help  q quit", "the Course pane with no course")
    }

    @Test func tracksShownPanesFailuresAndRetries() async {
        var environment = Fixtures.environment()
        let events = Recorder<AnalyticsEvent>()
        environment.analytics = Analytics { events.append($0) }
        environment.courseClient.coursesPage = { _, _, _ in throw CourseClient.Failure(userMessage: "Can't find catalog file /x") }
        let shell = await started(environment)
        _ = shell.handle(.character("r"))
        await settle { !shell.isAnimating }
        _ = shell.handle(.tab)
        let names = events.values.map(\.name)
        #expect(names == ["pane_shown", "load_failed", "retry_pressed", "load_failed", "pane_shown"])
        #expect(events.values[1].properties["message"] == "Can't find catalog file /x")
    }
}

@MainActor
struct AppShellMouseTests {
    func shell() async -> AppShell {
        let shell = AppShell(environment: Fixtures.environment().planning([]))
        shell.start()
        _ = shell.lines(width: 120, height: 40)
        await settle { !shell.isAnimating }
        return shell
    }

    @Test func aClickFocusesThePaneUnderItAndSelectsARowASecondOpensTheCourse() async {
        let shell = await shell()
        let lines = shell.lines(width: 120, height: 40)
        let row = lines.firstIndex { $0.contains("日本語入門") } ?? 0
        #expect(shell.handle(.mouse(MouseEvent(.click, x: 5, y: row))) == .handled)
        #expect(shell.list.state.selectedCourse?.id == Fixtures.japanese.id)
        #expect(shell.focus == .list)
        #expect(shell.handle(.mouse(MouseEvent(.click, x: 5, y: row))) == .handled)
        #expect(shell.focus == .detail, "opening a course focuses it")
        let uploads = lines.lastIndex { $0.contains("Queue") } ?? 0
        _ = shell.handle(.mouse(MouseEvent(.click, x: 10, y: uploads + 1)))
        #expect(shell.focus == .uploads)
        #expect(shell.handle(.mouse(MouseEvent(.click, x: 0, y: 39))) == .ignored, "the hint line is no pane")
    }

    @Test func theWheelScrollsThePaneUnderItWithoutMovingFocus() async {
        let shell = await shell()
        let before = shell.list.state.selectedCourse?.id
        _ = shell.handle(.tab)
        _ = shell.handle(.tab)
        #expect(shell.focus == .detail)
        _ = shell.handle(.mouse(MouseEvent(.wheelDown, x: 5, y: 5)))
        #expect(shell.focus == .detail)
        #expect(shell.list.state.selectedCourse?.id != before, "the list under the wheel moved")
    }

    @Test func onANarrowScreenAClickOnATabFocusesItsPane() async {
        let shell = await shell()
        let lines = shell.lines(width: 60, height: 20)
        let column = lines[0].distance(from: lines[0].startIndex, to: lines[0].range(of: "Queue")?.lowerBound ?? lines[0].startIndex)
        #expect(shell.handle(.mouse(MouseEvent(.click, x: column, y: 0))) == .handled)
        #expect(shell.focus == .uploads)
    }
}
