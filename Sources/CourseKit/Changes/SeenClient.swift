import Synchronization

/// The durable record of what the student last saw of each course, for telling what changed since.
///
/// Reads are quick (memory, or a small file the first time), so a pane may read as it opens a
/// course, and the course list for every course it counts; a record is written in the
/// background and read back at once.
public struct SeenClient: Sendable {
    public var seen: @Sendable (_ course: CourseID) -> SeenCourse?
    public var record: @Sendable (_ course: CourseID, _ seen: SeenCourse) -> Void

    public init(
        seen: @escaping @Sendable (_ course: CourseID) -> SeenCourse?,
        record: @escaping @Sendable (_ course: CourseID, _ seen: SeenCourse) -> Void
    ) {
        self.seen = seen
        self.record = record
    }
}

extension SeenClient {
    /// Remembers nothing: every course is one never seen, so nothing is ever marked.
    public static let noOp = SeenClient(seen: { _ in nil }, record: { _, _ in })

    /// Remembers for as long as the process runs: the catalogs, and `--no-cache`.
    public static func inMemory() -> SeenClient {
        let records = Mutex<[CourseID: SeenCourse]>([:])
        return SeenClient(
            seen: { course in records.withLock { $0[course] } },
            record: { course, seen in records.withLock { $0[course] = seen } }
        )
    }
}

extension SeenClient: Unimplementable {
    /// Remembers nothing, as `noOp`, after reporting each call.
    public static func unimplemented(report: @escaping Unimplemented.Report) -> SeenClient {
        SeenClient(
            seen: { _ in
                report("SeenClient.seen")
                return nil
            },
            record: { _, _ in report("SeenClient.record") }
        )
    }
}
