import CourseKit
import FoundationEssentials
import Synchronization

/// The answers two sections of one connection may ask for at once, each fetched once for both:
/// a course's contents (its modules and its files), its details (its overview and its syllabus),
/// its assignments, and the grades of every course (the list and an opened course).
final class MoodleShared: Sendable {
    let contents = Coalesced<CourseID, [MoodleSection]>()
    let details = Coalesced<CourseID, MoodleCourseDetails.Detail>()
    let assignments = Coalesced<CourseID, [MoodleAssign]>()
    let grades = Coalesced<Int, [Int: String]>()
    let siteInfo = Coalesced<Int, MoodleSiteInfo>()
    /// A course's forums, which its announcements and its discussions both read.
    let forums = Coalesced<CourseID, [MoodleForum]>()
    /// The token's user, which the course list is asked for by: a token belongs to one user for good.
    private let knownUserID: Mutex<Int?>
    /// The grade report as last read, and when: a course opened just after the list shows the
    /// totals the list just read instead of asking for every course's again.
    private let latestGrades = Mutex<(grades: [Int: String], at: Date)?>(nil)

    init(userID: Int? = nil) {
        knownUserID = Mutex(userID)
    }

    var userID: Int? {
        knownUserID.withLock { $0 }
    }

    func learn(userID: Int) {
        knownUserID.withLock { $0 = userID }
    }

    /// How long a reading of the grade report serves an opened course.
    static let gradesReuse: TimeInterval = 60

    /// Every course's total: the reading of the last `gradesReuse` seconds, else `fetch`'s.
    func grades(now: Date, fetch: @escaping @Sendable () async throws -> [Int: String]) async throws -> [Int: String] {
        if let latest = latestGrades.withLock({ $0 }), now.timeIntervalSince(latest.at) < Self.gradesReuse, latest.at <= now {
            return latest.grades
        }
        return try await freshGrades(now: now, fetch: fetch)
    }

    /// Every course's total, read now (with a reading already on its way), and kept for `grades(now:fetch:)`.
    func freshGrades(now: Date, fetch: @escaping @Sendable () async throws -> [Int: String]) async throws -> [Int: String] {
        let read = try await grades.value(for: 0, fetch: fetch)
        latestGrades.withLock { $0 = (read, now) }
        return read
    }
}
