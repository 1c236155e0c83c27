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
        #expect(lines.contains { $0.hasPrefix("┌─ Uploads") })
        #expect(lines[0].contains("┌─ Course"))
        #expect(lines.contains { $0.hasPrefix("│ Missing") })
        #expect(lines.contains { $0.contains("Lập trình Swift cơ bản") })
        #expect(lines[23].hasSuffix("? help  q quit"), "the hint line is whole")
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
        #expect(lines[0] == " Courses · Current · 3   Course   Uploads   Due · 1 missing")
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
}
