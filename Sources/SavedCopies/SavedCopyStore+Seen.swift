import CourseKit
import FileSystem
import FoundationEssentials

/// What the student last saw of each course, beside the account's saved copies:
///
///     <origin>/<user>/seen/<course>.json
///
/// Unlike a saved copy, a record is replaced only when the student looks again, and `trim`
/// leaves it alone.
extension SavedCopyStore {
    static let seenFolder = "seen"

    /// The record of `course`, or nil when there is none that can be read (missing, damaged, too large).
    func seen(_ course: CourseID, of account: SavedCopyAccount) -> SeenCourse? {
        let path = seenFolder(for: account).appendingPathComponent(Self.seenFileName(course)).path
        guard let data = Files.contents(of: path, atMost: copyLimit) else { return nil }
        return try? JSONDecoder().decode(SeenCourse.self, from: data)
    }

    /// Replaces the record of `course` in one atomic step; best effort: one that can't be written is only not kept.
    func record(_ seen: SeenCourse, for course: CourseID, of account: SavedCopyAccount) {
        guard let data = try? JSONEncoder().encode(seen), data.count <= copyLimit else { return }
        try? Self.replace(Self.seenFileName(course), in: seenFolder(for: account).path, with: data, durable: true)
    }

    func seenFolder(for account: SavedCopyAccount) -> URL {
        folder(for: account).appendingPathComponent(Self.seenFolder)
    }

    static func seenFileName(_ course: CourseID) -> String {
        Files.safeComponent(course.rawValue) + ".json"
    }
}
