import CourseKit
import FoundationEssentials

/// The sample catalog compiled into the binary, so the app works offline and when copied alone.
///
/// Its dates are written as seen on `anchor`, the middle of a fall term, and move with
/// today's date when loaded, so the sample always has current, past and upcoming courses.
/// Its term names carry no year for the same reason.
public enum SampleCatalog {
    /// The name errors use for the embedded catalog.
    public static let sourceName = "embedded sample catalog"

    /// The day the embedded dates are written for: 2026-11-16 00:00 UTC.
    static let anchor = Date(timeIntervalSince1970: 1_794_787_200)

    /// Decodes the embedded JSON with its dates moved by whole days from `anchor` to `now`, and
    /// due dates written relative to the reading counted from `now`;
    /// it is checked by tests, so failure here means a broken build.
    public static func load(now: Date) throws -> Catalog {
        let catalog = try Catalog.decode(Data(PackageResources.sample_catalog_json), source: sourceName)
        return catalog.shifted(by: shift(at: now)).resolvingRelativeDates(at: now)
    }

    /// The same catalog as an index: its list read now, each course's syllabus, modules and
    /// assignments when that course is opened, so a start decodes only what its list shows.
    public static func index(now: Date) throws -> CatalogIndex {
        try CatalogIndex(bytes: PackageResources.sample_catalog_json, source: sourceName, shiftingDatesBy: shift(at: now))
    }

    /// How far the embedded dates move for `now`: whole days from `anchor`.
    static func shift(at now: Date) -> TimeInterval {
        (now.timeIntervalSince(anchor) / 86_400).rounded(.down) * 86_400
    }
}

extension Catalog {
    /// The same catalog with every date `interval` seconds later.
    func shifted(by interval: TimeInterval) -> Catalog {
        guard interval != 0 else { return self }
        var copy = self
        copy.entries = entries.map { $0.shifted(by: interval) }
        return copy
    }
}

extension Catalog.Entry {
    func shifted(by interval: TimeInterval) -> Catalog.Entry {
        func move(_ date: Date?) -> Date? { date?.addingTimeInterval(interval) }
        var copy = self
        copy.course.startAt = move(course.startAt)
        copy.course.endAt = move(course.endAt)
        copy.course.term?.startAt = move(course.term?.startAt)
        copy.course.term?.endAt = move(course.term?.endAt)
        for index in copy.modules.indices {
            copy.modules[index].unlockAt = move(modules[index].unlockAt)
        }
        for index in copy.assignments.indices {
            copy.assignments[index].dueAt = move(assignments[index].dueAt)
            copy.assignments[index].unlockAt = move(assignments[index].unlockAt)
            copy.assignments[index].lockAt = move(assignments[index].lockAt)
            copy.assignments[index].submission?.submittedAt = move(assignments[index].submission?.submittedAt)
            copy.assignments[index].submission?.postedAt = move(assignments[index].submission?.postedAt)
        }
        for index in copy.announcements.indices {
            copy.announcements[index].postedAt = move(announcements[index].postedAt)
        }
        return copy
    }
}
