import CourseKit
import Foundation
@testable import CourseBrowser

/// Small, known courses for pane and host tests.
enum Fixtures {
    static let start = Date(timeIntervalSince1970: 1_788_782_400) // 2026-09-07 12:00 UTC
    static let clock = WallClock.fixed(start)

    static let swift = Course(
        id: CourseID(101), name: "Lập trình Swift cơ bản", code: "SWIFT-101",
        term: Course.Term(name: "Fall 2026"), teachers: ["Nguyễn Văn A"], startAt: start, endAt: start.addingTimeInterval(86_400 * 100)
    )
    static let japanese = Course(id: CourseID(102), name: "日本語入門", code: "JPN-101", term: Course.Term(name: "Fall 2026"), teachers: ["田中 花子"])
    static let robotics = Course(id: CourseID(103), name: "Robotics Club 🤖", code: "ROBO")

    static let courses = [swift, japanese, robotics]

    static func catalog(_ courses: [Course] = courses) -> Catalog {
        Catalog(entries: courses.map {
            Catalog.Entry(
                course: $0,
                syllabusHTML: "<h2>Welcome</h2><p>Read &amp; write code.</p><ul><li>Week one</li></ul>",
                modules: [CourseModule(id: "1", name: "Week 1", position: 1, items: [ModuleItem(id: "9", title: "Hello, world", type: "Page")])]
            )
        })
    }

    /// An environment serving `courses` from memory with a frozen clock.
    static func environment(_ courses: [Course] = courses) -> EnvironmentValues {
        let catalog = catalog(courses)
        var environment = EnvironmentValues()
        environment.clock = clock
        environment.courseClient = .catalog(now: clock.now) { catalog }
        return environment
    }
}

extension CourseClient {
    struct Failure: UserFacingError {
        var userMessage: String
    }
}
