import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// Panes show what was saved at once, say how old it is, and keep it when refreshing fails.
@MainActor
struct SavedCopyPaneTests {
    nonisolated static let now = Fixtures.start
    nonisolated static let threeHoursAgo = now.addingTimeInterval(-3 * 3_600)

    /// The network is down.
    struct NoNetwork: UserFacingError, TransientError {
        var userMessage: String { "Can't reach school.example" }
        var isTransient: Bool { true }
        var meansOffline: Bool { true }
    }

    /// Saved copies of the Swift course as it was three hours ago.
    static var saved: SavedCopyClient {
        var saved = SavedCopyClient.none
        let threeHoursAgo = threeHoursAgo
        let old = Course(id: Fixtures.swift.id, name: "Swift (as saved)", code: "SWIFT-101", term: .init(name: "Fall 2026"))
        saved.course = { _ in Saved(value: old, savedAt: threeHoursAgo) }
        saved.assignments = { _ in Saved(value: [Assignment(id: "1", name: "Saved essay")], savedAt: threeHoursAgo) }
        saved.courses = { _ in Saved(value: [old, Fixtures.japanese], savedAt: threeHoursAgo) }
        return saved
    }

    func environment(_ client: CourseClient) -> EnvironmentValues {
        var environment = Fixtures.environment()
        environment.courseClient = client
        environment.savedCopies = Self.saved
        return environment
    }

    @Test func theCoursePaneShowsTheSavedCopyOnItsFirstFrameAndTheAnswerReplacesIt() async {
        let gate = Gate()
        var client = Fixtures.catalog().client(now: Self.now)
        let served = client
        client.course = { id, progress in
            await gate.wait()
            return try await served.course(id, progress)
        }
        client.assignments = { _, _ in [Assignment(id: "1", name: "Fresh essay")] }
        let pane = CourseDetailPane(environment: environment(client))
        pane.update(.show(Fixtures.swift.id))
        let first = pane.lines(width: 70, height: 30)
        #expect(first[0] == " Saved 3 h ago · refreshing…")
        #expect(first[2] == " Swift (as saved)")
        gate.open()
        await settle { !pane.lines(width: 70, height: 30)[0].contains("Saved") }
        let fresh = pane.lines(width: 70, height: 30)
        #expect(fresh[0] == " Lập trình Swift cơ bản")
        #expect(fresh.contains(" Fresh essay"))
        #expect(!fresh.contains(" Saved essay"))
    }

    @Test func whenRefreshingFailsTheSavedCopyStaysWithOneOfflineRowAndRRetriesBehindIt() async {
        let online = Shared(false)
        var client = Fixtures.catalog().client(now: Self.now)
        let served = client
        client.course = { id, progress in
            guard online.value else { throw NoNetwork() }
            return try await served.course(id, progress)
        }
        client.assignments = { _, _ in
            guard online.value else { throw NoNetwork() }
            return [Assignment(id: "1", name: "Fresh essay")]
        }
        client.modules = { _, _ in throw NoNetwork() }
        let pane = CourseDetailPane(environment: environment(client))
        pane.update(.show(Fixtures.swift.id))
        await settle { !pane.isAnimating && pane.lines(width: 80, height: 40)[0].contains("Offline") }
        let lines = pane.lines(width: 80, height: 40)
        #expect(lines[0] == " ❗ Offline — showing what was saved 3 h ago  [r]etry")
        #expect(lines[2] == " Swift (as saved)")
        #expect(lines.filter { $0.contains("Offline") }.count == 1, "one row for the pane, not one per section")
        #expect(lines.contains(" ❗ Couldn't load modules: Can't reach school.example  [r]etry"), "a section never saved says so as usual")

        online.value = true
        #expect(pane.handle(.character("r")))
        #expect(pane.lines(width: 80, height: 40)[2] == " Swift (as saved)", "what is shown stays while it retries")
        await settle { pane.lines(width: 80, height: 40)[0] == " Lập trình Swift cơ bản" }
        #expect(pane.lines(width: 80, height: 40).contains(" Fresh essay"))
    }

    @Test func whatIsBeingReadStaysInPlaceWhenTheAnswerAddsLinesAboveIt() async {
        let gate = Gate()
        var client = Fixtures.catalog().client(now: Self.now)
        client.assignments = { _, _ in
            await gate.wait()
            return (1...5).map { Assignment(id: "\($0)", name: "Fresh essay \($0)") }
        }
        let pane = CourseDetailPane(environment: environment(client))
        pane.update(.show(Fixtures.swift.id))
        await settle { pane.lines(width: 60, height: 4).first == " Saved 3 h ago · refreshing…" && pane.state.lines.count > 12 }
        for _ in 0..<40 where pane.lines(width: 60, height: 4).first != " Syllabus" {
            _ = pane.handle(.down)
        }
        let reading = pane.lines(width: 60, height: 4)
        #expect(reading.first == " Syllabus", "\(reading)")
        let before = pane.state.lines.count
        gate.open()
        // Read at the same size throughout: a taller pane would fit everything and scroll to the top.
        await settle { pane.state.lines.count > before + 4 }
        #expect(pane.lines(width: 60, height: 4).first == " Syllabus", "five new assignments above did not move the syllabus")
    }

    @Test func aRefreshThatWaitsCountsDownAsTimePassesWithoutAnyEvent() async {
        let clock = ManualClock(Self.now)
        let gate = Gate()
        var client = Fixtures.catalog().client(now: Self.now)
        let retryAt = Self.now.addingTimeInterval(30)
        client.course = { _, progress in
            progress.report(LoadProgress.Note(reason: "rate limited", retryAt: retryAt))
            await gate.wait()
            throw NoNetwork()
        }
        var environment = environment(client)
        environment.clock = clock.client
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Fixtures.swift.id))
        await settle { pane.lines(width: 80, height: 10)[0].contains("retrying") }
        #expect(pane.lines(width: 80, height: 10)[0] == " Saved 3 h ago · refreshing… · rate limited, retrying in 30s")
        #expect(pane.isAnimating, "the host keeps drawing while it counts")
        clock.advance(by: 12)
        #expect(pane.lines(width: 80, height: 10)[0] == " Saved 3 h ago · refreshing… · rate limited, retrying in 18s")
        gate.open()
    }

    @Test func theListShowsItsSavedCopyAtOnceAndKeepsTheSelectionWhenTheFreshListArrives() async {
        let gate = Gate()
        var client = Fixtures.catalog().client(now: Self.now)
        let served = client
        client.coursesPage = { scope, cursor, progress in
            await gate.wait()
            return try await served.coursesPage(scope, cursor, progress)
        }
        let pane = CourseListPane(environment: environment(client))
        pane.start()
        let first = pane.lines(width: 50, height: 12)
        #expect(first.contains { $0.contains("Swift (as saved)") })
        #expect(first.contains(" Saved 3 h ago · refreshing…"))
        _ = pane.handle(.down)
        #expect(pane.state.selectedCourse?.id == Fixtures.japanese.id)
        gate.open()
        await settle { !pane.isAnimating }
        let fresh = pane.lines(width: 50, height: 12)
        #expect(fresh.contains { $0.contains("Lập trình Swift cơ bản") })
        #expect(!fresh.contains { $0.contains("Saved") })
        #expect(pane.state.selectedCourse?.id == Fixtures.japanese.id, "the selection stays on the same course")
    }

    @Test func aListThatCantBeRefreshedKeepsItsSavedCopyAndSaysWhy() async {
        var client = Fixtures.catalog().client(now: Self.now)
        client.coursesPage = { _, _, _ in throw CourseClient.Failure(userMessage: "Canvas error at school.example (HTTP 500)") }
        let pane = CourseListPane(environment: environment(client))
        pane.start()
        await settle { !pane.isAnimating }
        let lines = pane.lines(width: 60, height: 12)
        #expect(lines.contains { $0.contains("Swift (as saved)") })
        #expect(lines.contains(" ❗ Couldn't refresh (Canvas error at school.example (HTTP"), "\(lines)")
        #expect(lines.contains("    500)) — showing what was saved 3 h ago  [r]etry"), "not called offline when the network answered")
    }
}
