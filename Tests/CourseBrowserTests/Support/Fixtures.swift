import Foundation
@testable import CourseBrowser
import CourseKit
import HTMLText
import TerminalUI
import TestSupport

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

    static func catalog(_ courses: [Course] = courses) -> FixtureCatalog {
        FixtureCatalog(entries: courses.map {
            FixtureCatalog.Entry(
                course: $0,
                syllabusHTML: "<h2>Welcome</h2><p>Read &amp; write code.</p><ul><li>Week one</li></ul>",
                modules: [CourseModule(id: "1", name: "Week 1", position: 1, items: [ModuleItem(id: "9", title: "Hello, world", type: "Page")])]
            )
        })
    }

    /// An environment serving `courses` from memory, with no announcements, and a frozen clock, and what every pane
    /// reaches as it starts: remembered settings, saved copies, what was seen of each course, the
    /// queue's contents and the record of notices, all empty, and analytics that go nowhere. Everything else is unimplemented: a test that
    /// uses it provides it.
    static func environment(_ courses: [Course] = courses) -> EnvironmentValues {
        var environment = EnvironmentValues.unimplemented
        environment.clock = clock
        environment.courseClient = catalog(courses).client(now: start)
        environment.announcements = .noOp
        environment.discussions = .noOp
        environment.grades = .noOp
        environment.fileClient = .noOp
        environment.analytics = .noOp
        environment.savedCopies = .none
        environment.seen = .noOp
        environment.settings.load = { Settings() }
        environment.uploadQueue.jobs = { [] }
        environment.uploadQueue.progress = { [:] }
        environment.uploadQueue.progressUpdates = { AsyncStream { $0.finish() } }
        environment.uploadQueue.updates = { AsyncStream { $0.finish() } }
        environment.uploadQueue.changesOnDisk = { AsyncStream { $0.finish() } }
        environment.uploadQueue.checkWritable = {}
        environment.notificationLog = .inMemory()
        return environment
    }
}

/// Courses, syllabi and modules in memory: the backend the pane tests run on.
struct FixtureCatalog: Sendable {
    struct Entry: Sendable {
        var course: Course
        var syllabusHTML: String?
        var modules: [CourseModule]
    }

    var entries: [Entry]

    func entry(_ id: CourseID) throws -> Entry {
        guard let entry = entries.first(where: { $0.course.id == id }) else { throw CourseNotFound(id: id) }
        return entry
    }

    /// A client serving these entries; the views choose as a backend would at `now`.
    func client(now: Date) -> CourseClient {
        CourseClient(
            coursesPage: { scope, _, _ in
                let courses = entries.map(\.course)
                switch scope {
                case .current: return Page(items: courses.filter { !$0.hasEnded(at: now) })
                case .favorites: return Page(items: courses.filter(\.isFavorite))
                case .all: return Page(items: courses)
                }
            },
            course: { id, _ in try entry(id).course },
            syllabus: { id, _ in try entry(id).syllabusHTML },
            modules: { id, _ in try entry(id).modules },
            // The panes' tests of assignments give their own.
            assignments: { _, _ in [] }
        )
    }
}

extension CourseClient {
    struct Failure: UserFacingError {
        var userMessage: String
    }
}
