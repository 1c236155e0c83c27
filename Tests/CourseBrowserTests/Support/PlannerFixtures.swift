import Foundation
@testable import CourseBrowser
import CourseKit
import TestSupport

/// Planner items around `Fixtures.start` (Monday 7 September 2026, noon), for the Due pane's tests and the host's.
enum PlannerFixtures {
    static let hour: TimeInterval = 3_600
    static let day: TimeInterval = 86_400

    /// An assignment of SWIFT-101 due `offset` seconds from the start.
    static func assignment(
        _ id: Int, _ title: String, in offset: TimeInterval, status: PlannerItem.Status? = PlannerItem.Status(), points: Double? = 10
    ) -> PlannerItem {
        PlannerItem(
            id: "assignment:\(id)", kind: .assignment, title: title, courseID: Fixtures.swift.id, courseCode: "SWIFT-101",
            contextName: Fixtures.swift.name, date: Fixtures.start.addingTimeInterval(offset), pointsPossible: points,
            assignmentID: String(id), status: status, htmlURL: URL(string: "https://school.test/courses/101/assignments/\(id)")
        )
    }

    /// Something missed, something due today, tomorrow and later, and a note of the student's own.
    static let week: [PlannerItem] = [
        assignment(5003, "Lab 3: closures", in: 3 * day + 4 * hour),
        assignment(5001, "Essay: why Swift", in: -2 * day, status: PlannerItem.Status(isMissing: true)),
        assignment(5002, "Quiz prep", in: 2 * hour, status: PlannerItem.Status(isSubmitted: true)),
        PlannerItem(
            id: "planner_note:7", kind: .plannerNote, title: "Buy lab goggles", date: Fixtures.start.addingTimeInterval(day), isAllDay: true
        ),
    ]
}

extension EnvironmentValues {
    /// This environment with a planner that holds `items`, whatever dates are asked for.
    func planning(_ items: [PlannerItem]) -> EnvironmentValues {
        var environment = self
        environment.planner = PlannerClient { _, _, _ in items }
        return environment
    }
}
