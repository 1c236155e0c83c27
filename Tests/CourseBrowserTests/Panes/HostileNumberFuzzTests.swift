import CanvasJSON
import Catalog
import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// Catalogs and Canvas assignment bodies full of hostile numbers, read and drawn the way the
/// app reads and draws them: nothing may trap (a trap ends this process, failing the run),
/// and what is drawn must make sense. `COURSEBROWSER_FUZZ_COUNT` sets how many documents of
/// each kind (default 60, a few seconds in a debug build); a failure names the seed that made it.
@MainActor
struct HostileNumberFuzzTests {
    nonisolated static let count = ProcessInfo.processInfo.environment["COURSEBROWSER_FUZZ_COUNT"].flatMap { Int($0) } ?? 60
    nonisolated static let now = Fixtures.start

    @Test func catalogsWithHostileNumbersLoadAndDrawSensibly() async {
        var drawn = 0
        for seed in 0..<UInt64(Self.count) {
            var hostile = HostileCatalog(seed: seed)
            let index: CatalogIndex
            do {
                index = try CatalogIndex(Data(hostile.catalog(courses: 3).utf8), source: "fuzz.json")
            } catch {
                #expect(!userMessage(for: error).isEmpty, "seed \(seed)")
                continue
            }
            let client = CourseClient.catalog(now: { Self.now }, index: { index })
            for course in index.courses(in: .all, at: Self.now) {
                let screen = await draw(course.id, client: client)
                check(screen, shows: Result { try index.assignments(course.id) }, seed: seed)
                drawn += 1
            }
        }
        #expect(drawn > Self.count, "most catalogs have courses to open")
    }

    @Test func canvasBodiesWithHostileNumbersDecodeAndDrawSensibly() async {
        var decoded = 0
        for seed in 0..<UInt64(Self.count) {
            var hostile = HostileCatalog(seed: seed)
            let body = Data(hostile.assignmentsBody().utf8)
            let assignments = Result { try JSONDecoder().decode([CanvasAssignment].self, from: body).map(\.assignment) }
            var client = Fixtures.catalog().client(now: Self.now)
            client.assignments = { _, _ in try assignments.get() }
            check(await draw(Fixtures.swift.id, client: client), shows: assignments, seed: seed)
            if case .success = assignments { decoded += 1 }
        }
        #expect(decoded > Self.count / 4, "many bodies hold only numbers their fields can take")
    }

    /// The Course pane on `course`, every line of it that holds something.
    func draw(_ course: CourseID, client: CourseClient) async -> [String] {
        var environment = Fixtures.environment()
        environment.courseClient = client
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(course))
        await settle { !pane.isAnimating }
        return pane.lines(width: 200, height: 50).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The screen shows each assignment's points and standing, never a number that is not one,
    /// never a bare "graded" for a score it has; or, for assignments that could not be read, says so.
    func check(_ screen: [String], shows assignments: Result<[Assignment], any Error>, seed: UInt64) {
        let text = screen.joined(separator: "\n")
        #expect(!text.contains("nan") && !text.contains("inf") && !text.contains("?"), "seed \(seed)")
        guard case let .success(assignments) = assignments else {
            #expect(text.contains("Couldn't load assignments: "), "seed \(seed)")
            return
        }
        for assignment in assignments {
            let standing = AssignmentStanding(assignment).text
            #expect(standing.isEmpty || text.contains(standing), "seed \(seed): \(standing)")
            if let submission = assignment.submission, submission.score != nil, !submission.isExcused {
                #expect(standing != "graded" && !standing.contains("not released"), "seed \(seed): \(assignment)")
            }
            if let points = assignment.pointsPossible, assignment.gradingType != .notGraded {
                #expect(text.contains(PointsText.format(points) + " pts"), "seed \(seed): \(points)")
            }
        }
    }
}
