import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The course list and the Course pane refresh behind what they show: nothing moves while the
/// answer is on its way, the answer replaces what is shown in place, and a failure keeps it
/// and says so in the pane's own row.
@MainActor
struct PaneRefreshTests {
    /// Canvas can't be reached.
    struct Unreachable: UserFacingError, TransientError {
        var userMessage: String { "Can't reach school.test" }
        var isTransient: Bool { true }
    }

    /// The backend's answers, changed by the test between refreshes; a gate holds the next one back.
    final class Backend: Sendable {
        let courses: Shared<[Course]>
        let fails = Shared(false)
        let gate = Shared<Gate?>(nil)
        let pages = Shared(0)

        init(_ courses: [Course]) {
            self.courses = Shared(courses)
        }

        func environment() -> EnvironmentValues {
            var environment = Fixtures.environment()
            environment.settings.save = { _ in }
            let served = environment.courseClient
            environment.courseClient.coursesPage = { _, _, _ in
                self.pages.modify { $0 += 1 }
                await self.gate.value?.wait()
                if self.fails.value { throw Unreachable() }
                return Page(items: self.courses.value)
            }
            environment.courseClient.course = { id, progress in
                await self.gate.value?.wait()
                if self.fails.value { throw Unreachable() }
                var course = try await served.course(id, progress)
                course.name = self.courses.value.first { $0.id == id }?.name ?? course.name
                return course
            }
            return environment
        }
    }

    func listed(_ backend: Backend) async -> CourseListPane {
        let pane = CourseListPane(environment: backend.environment())
        pane.start()
        await settle { !pane.isAnimating && backend.pages.value == 1 }
        return pane
    }

    func render(_ pane: some Pane, width: Int = 50, height: Int = 12) -> [String] {
        pane.lines(width: width, height: height)
    }

    @Test func theListIsReadAgainBehindWhatItShowsAndKeepsTheSelection() async {
        let backend = Backend(Fixtures.courses)
        let pane = await listed(backend)
        pane.update(.key(.down))
        let selected = pane.state.selectedCourse?.id
        let gate = Gate()
        backend.gate.value = gate
        backend.courses.value = Fixtures.courses + [Course(id: CourseID(104), name: "Calculus", code: "MATH-1", term: .init(name: "Fall 2026"))]
        let before = render(pane)
        pane.update(.refresh)
        #expect(!pane.isAnimating, "no spinner")
        #expect(render(pane) == before, "nothing moves while the answer is on its way")
        pane.update(.refresh)
        gate.open()
        await settle { self.render(pane).contains { $0.contains("Calculus") } }
        #expect(pane.state.selectedCourse?.id == selected)
        #expect(backend.pages.value == 2, "a refresh on its way is not started again")
    }

    @Test func aFailedRefreshOfTheListKeepsItAndSaysWhenAndWhyThenRTriesAgain() async {
        let backend = Backend(Fixtures.courses)
        let pane = await listed(backend)
        backend.fails.value = true
        pane.update(.refresh)
        await settle { self.render(pane).contains { $0.contains("Couldn't refresh") } }
        let lines = render(pane)
        #expect(lines.contains { $0.contains("Lập trình Swift cơ bản") })
        #expect(lines.contains { $0.contains("❗ Couldn't refresh at \(LocalTime(Fixtures.start).clockText): Can't") })
        backend.fails.value = false
        pane.update(.key(.character("r")))
        await settle { !self.render(pane).contains { $0.contains("Couldn't refresh") } && !pane.isAnimating }
        #expect(render(pane).contains { $0.contains("Lập trình Swift cơ bản") })
    }

    @Test func theListIsNotRefreshedWhileTheFilterIsTyped() async {
        let backend = Backend(Fixtures.courses)
        let pane = await listed(backend)
        pane.update(.key(.character("/")))
        pane.update(.refresh)
        for _ in 0..<100 { await Task.yield() }
        #expect(backend.pages.value == 1)
    }

    @Test func aViewNotOnScreenAtARefreshIsReadAgainWhenItIsNextShownOnce() async {
        let backend = Backend(Fixtures.courses)
        let pane = await listed(backend)
        func cycle(reading expected: Int) async {
            pane.update(.key(.character("v")))
            await settle { backend.pages.value == expected && !pane.state.view.pages.isLoading }
        }
        await cycle(reading: 2)
        await cycle(reading: 3)
        await cycle(reading: 3)
        #expect(pane.state.scope == .current, "back where it started, read once")
        pane.update(.refresh)
        await settle { backend.pages.value == 4 && !pane.state.view.pages.isLoading }
        await cycle(reading: 5)
        await cycle(reading: 6)
        await cycle(reading: 6)
        for _ in 0..<100 { await Task.yield() }
        #expect(backend.pages.value == 6, "each view once after the refresh, not again as the views go round")
    }

    @Test func theOpenCourseIsReadAgainInPlaceAndAFailureKeepsIt() async {
        let backend = Backend(Fixtures.courses)
        let pane = CourseDetailPane(environment: backend.environment())
        let loaded = Recorder<CourseID>()
        pane.sendToHost = { if case let .courseLoaded(course) = $0 { loaded.append(course.id) } }
        pane.update(.show(Fixtures.swift.id))
        await settle { !pane.isAnimating && loaded.values.count == 1 }
        var renamed = Fixtures.courses
        renamed[0].name = "Swift, renamed"
        backend.courses.value = renamed
        pane.update(.refresh)
        #expect(!pane.isAnimating)
        await settle { self.render(pane).contains { $0.contains("Swift, renamed") } }
        #expect(loaded.values.count == 1, "the host heard of the course once")
        backend.fails.value = true
        pane.update(.refresh)
        await settle { self.render(pane).contains { $0.contains("Couldn't refresh course") } }
        #expect(render(pane).contains { $0.contains("Swift, renamed") })
    }

    /// A section loaded fresh has no saved-copy row to speak for it, so its failed refresh is
    /// said under its own heading, and what it showed stays.
    @Test func aSectionLoadedFreshThatFailsToRefreshSaysSoInItsOwnRow() async {
        let backend = Backend(Fixtures.courses)
        var environment = backend.environment()
        let assignmentsFail = Shared(false)
        environment.courseClient.assignments = { _, _ in
            if assignmentsFail.value { throw Unreachable() }
            return [Assignment(id: "1", name: "Lab report", dueAt: Fixtures.start + 86_400)]
        }
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Fixtures.swift.id))
        await settle { !pane.isAnimating && self.render(pane, width: 80, height: 40).contains { $0.contains("Lab report") } }
        #expect(!render(pane, width: 80, height: 40).contains { $0.contains("Couldn't refresh") })
        assignmentsFail.value = true
        pane.update(.refresh)
        await settle { !pane.state.isLoading && !pane.state.assignments.load.isRefreshing && pane.state.assignments.load.refreshFailure != nil }
        let lines = render(pane, width: 80, height: 40)
        #expect(lines.contains { $0.contains("❗ Couldn't refresh assignments: Can't reach school.test") }, "\(lines)")
        #expect(lines.contains { $0.contains("Lab report") }, "what was shown stays")
        #expect(!lines.contains { $0.contains("Couldn't refresh course") }, "the course itself refreshed")
    }

    @Test func theOpenCoursesAnnouncementsAreReadAgainWithTheOtherSections() async {
        let backend = Backend(Fixtures.courses)
        var environment = backend.environment()
        let posted = Shared([Announcement(id: "1", title: "Welcome", postedAt: Fixtures.start - 3_600, isRead: true)])
        environment.announcements.announcements = { _, _ in posted.value }
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Fixtures.swift.id))
        await settle { !pane.isAnimating && self.render(pane).contains { $0.contains("Welcome") } }
        posted.value.insert(Announcement(id: "2", title: "Lab moved", postedAt: Fixtures.start - 60, isRead: false), at: 0)
        pane.update(.refresh)
        await settle { self.render(pane).contains { $0.contains("Lab moved") } }
        #expect(render(pane).contains { $0.contains("Welcome") })
    }
}
