import CourseKit
import Foundation
import Testing
import TerminalUI
@testable import CourseBrowser

@MainActor
struct CourseListPaneTests {
    func render(_ pane: CourseListPane, width: Int = 40, height: Int = 6) -> [String] {
        var grid = Grid(width: width, height: height)
        pane.draw(into: &grid, rect: grid.bounds, focused: true)
        return grid.lines
    }

    @Test func showsASpinnerWhileTheFirstPageLoads() {
        var environment = Fixtures.environment()
        let gate = Gate()
        environment.courseClient.coursesPage = { _ in
            await gate.wait()
            return Page(items: [])
        }
        let pane = CourseListPane(environment: environment)
        pane.start()
        let lines = render(pane)
        #expect(lines[0].contains("Loading courses…"))
        #expect(pane.isAnimating)
        gate.open()
    }

    @Test func showsElapsedSecondsOnceALoadTakesLonger() {
        var environment = Fixtures.environment()
        let clock = MovingClock(Fixtures.start)
        environment.clock = clock.client
        let gate = Gate()
        environment.courseClient.coursesPage = { _ in
            await gate.wait()
            return Page(items: [])
        }
        let pane = CourseListPane(environment: environment)
        pane.start()
        #expect(render(pane)[0].hasSuffix("Loading courses…"))
        clock.advance(by: 5)
        #expect(render(pane)[0].hasSuffix("Loading courses… 5s"))
        gate.open()
    }

    @Test func listsCoursesWithTheirCodes() async {
        let pane = CourseListPane(environment: Fixtures.environment())
        pane.start()
        await settle { !pane.isAnimating }
        let lines = render(pane)
        #expect(lines[0] == "  Lập trình Swift cơ bản      SWIFT-101")
        #expect(lines[1] == "  日本語入門                  JPN-101")
        #expect(lines[2] == "  Robotics Club 🤖            ROBO")
        #expect(pane.title == "Courses · 3")
    }

    @Test func failureIsAnInlineRowWithRetryThatRecovers() async {
        var environment = Fixtures.environment()
        let attempts = Recorder<Int>()
        environment.courseClient.coursesPage = { _ in
            attempts.append(1)
            if attempts.values.count == 1 {
                throw CatalogError.missing(path: "/tmp/courses.json")
            }
            return Page(items: Fixtures.courses)
        }
        let pane = CourseListPane(environment: environment)
        pane.start()
        await settle { !pane.isAnimating }
        #expect(render(pane, width: 60)[0] == " ❗ Can't find catalog file /tmp/courses.json  [r]etry")
        let narrow = render(pane, width: 30)
        #expect(narrow[0] == " ❗ Can't find catalog file")
        #expect(narrow[1] == "    /tmp/courses.json  [r]etry")
        #expect(pane.hints.contains(KeyHint(key: "r", action: "retry")))

        #expect(pane.handle(.character("r")))
        await settle { !pane.isAnimating }
        #expect(render(pane, width: 60)[0].contains("Lập trình Swift"))
    }

    @Test func cutsWideNamesAtColumnBoundariesWithAnEllipsis() async {
        let long = Course(id: CourseID(1), name: "日本近代文学講読と演習", code: "")
        let pane = CourseListPane(environment: Fixtures.environment([long]))
        pane.start()
        await settle { !pane.isAnimating }
        let line = render(pane, width: 14)[0]
        #expect(line == "  日本近代文…")
        #expect(line.displayWidth <= 14)
    }

    @Test func keepsTheSelectionVisibleWhenMovingPastTheBottom() async {
        let many = (1...50).map { Course(id: CourseID($0), name: "Course \($0)", code: "C\($0)") }
        let pane = CourseListPane(environment: Fixtures.environment(many))
        pane.start()
        await settle { !pane.isAnimating }
        _ = render(pane, height: 5)
        for _ in 0..<7 { _ = pane.handle(.down) }
        let lines = render(pane, height: 5)
        #expect(lines[4].hasPrefix("  Course 8 "))
        #expect(lines[0].hasPrefix("  Course 4 "))
        _ = pane.handle(.end)
        #expect(render(pane, height: 5)[4].hasPrefix("  Course 50"))
        _ = pane.handle(.pageUp)
        #expect(pane.selectedCourse?.name == "Course 45")
        _ = pane.handle(.character("g"))
        #expect(render(pane, height: 5)[0].hasPrefix("  Course 1 "))
    }

    @Test func keepsTheSelectionVisibleWhenTheWindowShrinks() async {
        let many = (1...50).map { Course(id: CourseID($0), name: "Course \($0)", code: "") }
        let pane = CourseListPane(environment: Fixtures.environment(many))
        pane.start()
        await settle { !pane.isAnimating }
        _ = render(pane, height: 20)
        for _ in 0..<15 { _ = pane.handle(.down) }
        let lines = render(pane, height: 4)
        #expect(lines.contains { $0.hasPrefix("  Course 16") })
    }

    @Test func enterReportsTheSelectedCourse() async {
        let pane = CourseListPane(environment: Fixtures.environment())
        var opened: [CourseID] = []
        pane.onSelect = { opened.append($0) }
        pane.start()
        await settle { !pane.isAnimating }
        _ = pane.handle(.character("j"))
        _ = pane.handle(.enter)
        #expect(opened == [Fixtures.japanese.id])
    }

    @Test func marksTheOpenCourseWhenItArrivesLater() async {
        let pane = CourseListPane(environment: Fixtures.environment())
        pane.markOpen(Fixtures.robotics.id)
        pane.start()
        await settle { !pane.isAnimating }
        #expect(pane.selectedCourse == Fixtures.robotics)
        #expect(render(pane)[2].hasPrefix("› Robotics Club"))
    }

    @Test func stripsTerminalEscapesFromCourseNames() async {
        let hostile = Course(id: CourseID(1), name: "Evil\u{1B}]0;pwned\u{07}\u{1B}[31m Course\u{9B}2J", code: "X")
        let pane = CourseListPane(environment: Fixtures.environment([hostile]))
        pane.start()
        await settle { !pane.isAnimating }
        let line = render(pane)[0]
        #expect(line.hasPrefix("  Evil Course"))
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }
}

/// A clock a test moves forward by hand.
final class MovingClock: @unchecked Sendable {
    private let lock = NSLock()
    private var now: Date

    init(_ start: Date) {
        now = start
    }

    func advance(by seconds: TimeInterval) {
        lock.withLock { now += seconds }
    }

    var client: WallClock {
        WallClock(now: { self.lock.withLock { self.now } }, sleep: { _ in })
    }
}
