import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The Due pane in the shell: where it goes, focusing it at start, and opening a course from it.
@MainActor
struct AppShellDueTests {
    nonisolated static let lab = Assignment(id: "5003", name: "Lab 3: closures", dueAt: Fixtures.start.addingTimeInterval(3 * PlannerFixtures.day), submissionTypes: ["online_upload"])

    func started(focusing pane: AppShell.PaneID? = nil) async -> AppShell {
        var environment = Fixtures.environment().planning(PlannerFixtures.week)
        environment.courseClient.assignments = { _, _ in [Self.lab] }
        let shell = AppShell(environment: environment)
        shell.start(focusing: pane)
        await settle { !shell.isAnimating }
        return shell
    }

    @Test func atEightyByTwentyFourDueSitsUnderTheCoursesAndEveryPaneKeepsRoom() async {
        let shell = await started()
        let lines = shell.lines(width: 80, height: 24)
        let courses = lines.firstIndex { $0.hasPrefix("┏━ Courses") }
        let due = lines.firstIndex { $0.hasPrefix("┌─ Due · 1 missing") }
        #expect(courses == 0)
        #expect(due.map { $0 >= 9 } == true, "the courses keep most of the column")
        #expect(lines.contains { $0.hasPrefix("┌─ Queue") })
        #expect(lines[0].contains("┌─ Course"))
        #expect(lines.contains { $0.hasPrefix("│ Missing") })
        #expect(lines.contains { $0.contains("Lập trình Swift cơ bản") })
        #expect(lines[23].hasSuffix("? help  q quit"), "the hint line is whole")
    }

    /// The box titled `title` on `lines`: its top row, its height and its width, borders included.
    func box(_ title: String, in lines: [String]) -> (top: Int, height: Int, width: Int)? {
        for (row, line) in lines.enumerated() {
            guard let start = line.range(of: "━ \(title)") ?? line.range(of: "─ \(title)") else { continue }
            let column = line.distance(from: line.startIndex, to: start.lowerBound) - 1
            let below = lines[(row + 1)...].prefix { line in
                let cells = Array(line)
                return column < cells.count && "┃│┗└".contains(cells[column])
            }
            let corner = Array(line)[column...]
            let width = (corner.dropFirst().firstIndex { "┓┐".contains($0) } ?? column) - column + 1
            return (row, below.count + 1, width)
        }
        return nil
    }

    @Test(arguments: [(80, 24), (120, 40), (170, 55)])
    func focusedDueTakesTheRoomAndTheEmptyQueueOneRow(size: (width: Int, height: Int)) async throws {
        let shell = await started()
        let before = try #require(box("Due", in: shell.lines(width: size.width, height: size.height)))
        _ = shell.handle(.tab)
        #expect(shell.focus == .due)
        let lines = shell.lines(width: size.width, height: size.height)
        let due = try #require(box("Due", in: lines))
        let queue = try #require(box("Queue", in: lines))
        #expect(queue.height == 3, "an empty queue is one row: \(lines)")
        #expect(due.width > before.width && due.width >= size.width * 55 / 100 - 1, "\(due) against \(before)")
        #expect(due.height > before.height && due.height >= (size.height - 4) / 2, "\(due) against \(before)")
        #expect(lines.contains { $0.contains("SWIFT-101") && $0.contains("Essay: why Sw") }, "the code is kept: \(lines)")
        _ = shell.handle(.tab)
        let back = try #require(box("Due", in: shell.lines(width: size.width, height: size.height)))
        #expect(back.height == before.height && back.width == before.width, "focus elsewhere gives the room back")
    }

    @Test func focusedAtStartItsKeysLeadTheHintLine() async {
        let shell = await started(focusing: .due)
        #expect(shell.focus == .due)
        let lines = shell.lines(width: 80, height: 24)
        #expect(lines.contains { $0.hasPrefix("┏━ Due") })
        #expect(lines[23].hasPrefix(" Tab focus  ↑↓ move  Enter open  s submit"))
        #expect(lines[23].hasSuffix("? help  q quit"))
    }

    @Test func onANarrowScreenDueIsATabOfItsOwn() async {
        let shell = await started(focusing: .due)
        let lines = shell.lines(width: 60, height: 20)
        #expect(lines[0] == " Courses · Current · 3   Due · 1 missing   Course   Queue")
        #expect(lines[1].hasPrefix("┏━ Due · 1 missing"))
        #expect(lines.contains { $0.contains("Essay: why Swift") && $0.contains("❗ missing") })
        #expect(lines[19].hasSuffix("? help  q quit"), "the hint line is whole")
        #expect(lines[19].contains("Enter open"))
    }

    @Test func enterOpensTheCourseWithTheAssignmentSelected() async {
        let shell = await started(focusing: .due)
        while shell.due.state.selectedItem?.title != "Lab 3: closures" {
            #expect(shell.handle(.down) == .handled)
        }
        #expect(shell.handle(.enter) == .handled)
        await settle { !shell.isAnimating }
        #expect(shell.focus == .detail)
        #expect(shell.detail.state.selectedItem == "assignment 5003")
        #expect(shell.detail.state.focusedPage?.title == "Lab 3: closures")
    }

    /// On a first start the planner can answer before any course list was saved to take codes
    /// from: its rows name the course by the code the course list then loads.
    @Test func itemsWithoutACourseCodeTakeTheOneTheCourseListLoads() async {
        var unnamed = PlannerFixtures.assignment(5003, "Lab 3: closures", in: 3 * PlannerFixtures.day)
        unnamed.courseCode = nil
        var environment = Fixtures.environment().planning([unnamed])
        let listed = environment.courseClient.coursesPage
        let gate = Gate()
        environment.courseClient.coursesPage = { scope, cursor, progress in
            await gate.wait()
            return try await listed(scope, cursor, progress)
        }
        let shell = AppShell(environment: environment)
        shell.start(focusing: .due)
        await settle { shell.lines(width: 120, height: 30).contains { $0.contains("Lab 3: closures") } }
        gate.open()
        await settle { !shell.isAnimating }
        let row = shell.lines(width: 120, height: 30).first { $0.contains("Lab 3: closures") } ?? ""
        #expect(row.contains(String(Fixtures.swift.code.prefix(7))), "shortened in the left column: \(row)")
        #expect(!row.contains(String(Fixtures.swift.name.prefix(3))), "\(row)")
    }

    /// The other order: the course list loads first, then the planner answers naming courses
    /// only by name; its rows take the codes of the courses already loaded.
    @Test func itemsThatArriveAfterTheCourseListTakeItsCodes() async {
        var unnamed = PlannerFixtures.assignment(5003, "Lab 3: closures", in: 3 * PlannerFixtures.day)
        unnamed.courseCode = nil
        var environment = Fixtures.environment()
        let gate = Gate()
        environment.planner = PlannerClient { [unnamed] _, _, _ in
            await gate.wait()
            return [unnamed]
        }
        let shell = AppShell(environment: environment)
        shell.start(focusing: .due)
        await settle { shell.lines(width: 120, height: 30).contains { $0.contains(Fixtures.swift.name) } }
        gate.open()
        await settle { shell.lines(width: 120, height: 30).contains { $0.contains("Lab 3: closures") } && !shell.isAnimating }
        let row = shell.lines(width: 120, height: 30).first { $0.contains("Lab 3: closures") } ?? ""
        #expect(row.contains(String(Fixtures.swift.code.prefix(7))), "the code, not the name: \(row)")
        #expect(!row.contains(String(Fixtures.swift.name.prefix(3))), "\(row)")
    }
}
