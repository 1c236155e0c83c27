import CourseKit
import Foundation
@testable import Launch
import Testing
import TestSupport

/// `upload`'s look at the course before it queues: a course the backend says does not exist is
/// refused; a network that is down never refuses, so no hand-in is lost to it.
@Suite struct CourseCheckTests {
    static let course = Course(id: CourseID(7), name: "Calculus", code: "MATH 101")

    static func environment(
        course: @escaping @Sendable (CourseID) throws -> Course, saved: SavedCopyClient = .none
    ) -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.courseClient = CourseClient(
            coursesPage: { _, _, _ in Page(items: []) }, course: { id, _ in try course(id) },
            syllabus: { _, _ in nil }, modules: { _, _ in [] }, assignments: { _, _ in [] }
        )
        environment.savedCopies = saved
        return environment
    }

    @Test func aCourseTheBackendHasPasses() async {
        #expect(await QueueCommands.checkCourse(CourseID(7), environment: Self.environment(course: { _ in Self.course })))
    }

    @Test func aCourseThatDoesNotExistIsRefused() async {
        let environment = Self.environment(course: { throw CourseNotFound(id: $0) })
        #expect(await QueueCommands.checkCourse(CourseID(99999), environment: environment) == false)
    }

    @Test func aNetworkThatIsDownNeverRefusesACourseASavedCopyKnows() async {
        var saved = SavedCopyClient.none
        saved.courses = { _ in Saved(value: [Self.course], savedAt: Date()) }
        let environment = Self.environment(course: { _ in throw TestFailure("Can't reach school.example", transient: true) }, saved: saved)
        #expect(await QueueCommands.checkCourse(CourseID(7), environment: environment))
    }

    /// Queued unchecked, with a warning: Canvas checks the course when the file is sent, and a
    /// file handed in while the network is down must not be lost for want of checking it first.
    @Test func aNetworkThatIsDownQueuesEvenForACourseNothingKnows() async {
        let environment = Self.environment(course: { _ in throw TestFailure("Can't reach school.example", transient: true) })
        #expect(await QueueCommands.checkCourse(CourseID(99999), environment: environment))
    }
}
