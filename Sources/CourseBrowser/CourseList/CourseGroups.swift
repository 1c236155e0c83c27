import CourseKit
import Dispatch
import FoundationEssentials
import Synchronization

/// The course list laid out as the pane shows it: courses grouped under their term,
/// current terms first, then upcoming, undated and past ones.
struct CourseGroups {
    /// One row of the list.
    enum Row: Equatable {
        case heading(String)
        /// A course, by its index in `courses`.
        case course(Int)
    }

    /// The courses in display order; selection indexes into this.
    private(set) var courses = Courses(base: [], picks: nil)
    private(set) var rows: [Row] = []
    /// For each course, its row.
    private(set) var rowOfCourse: [Int] = []
    /// For each course ID, its index in `courses` (in the full list's, when this one is filtered).
    private var indexOfID: [CourseID: Int] = [:]
    /// For a filtered list, where each course of the full list is in `courses` (-1: left out); empty otherwise.
    private var filteredIndex: [Int] = []

    init(_ unsorted: [Course], now: Date) {
        // Grouped and sorted by index, so each course is copied once, into its place.
        var members: [String: [Int]] = [:]
        for (index, course) in unsorted.enumerated() {
            members[Self.groupKey(course), default: []].append(index)
        }
        let groups = members.map { key, indexes in Group(key: key, members: indexes, of: unsorted, now: now) }
        let keys = Self.primaryKeys(of: unsorted)
        var ordered: [Course] = []
        ordered.reserveCapacity(unsorted.count)
        rowOfCourse.reserveCapacity(unsorted.count)
        rows.reserveCapacity(unsorted.count + groups.count)
        indexOfID.reserveCapacity(unsorted.count)
        for group in groups.sorted(by: Group.displayOrder) {
            rows.append(.heading(group.heading))
            for index in Self.sortedByName(group.members, of: unsorted, keys: keys) {
                let course = unsorted[index]
                indexOfID[course.id] = ordered.count
                rowOfCourse.append(rows.count)
                rows.append(.course(ordered.count))
                ordered.append(course)
            }
        }
        courses = Courses(base: ordered, picks: nil)
    }

    /// The same groups with only the courses `keep` marks (by index in `courses`), in the same
    /// order, and the headings of the groups that keep any.
    ///
    /// It shares the full list's table of IDs and keeps where each of its courses went, so
    /// narrowing 100,000 courses at every key builds no table of its own.
    init(_ groups: CourseGroups, keeping keep: [Bool]) {
        let count = keep.reduce(0) { $1 ? $0 + 1 : $0 }
        var picks: [Int] = []
        picks.reserveCapacity(count)
        rowOfCourse.reserveCapacity(count)
        rows.reserveCapacity(count + 16)
        indexOfID = groups.indexOfID
        filteredIndex = Array(repeating: -1, count: groups.courses.count)
        var heading: String?
        for row in groups.rows {
            switch row {
            case let .heading(text):
                heading = text
            case let .course(index) where keep[index]:
                if let pending = heading {
                    rows.append(.heading(pending))
                    heading = nil
                }
                filteredIndex[index] = picks.count
                rowOfCourse.append(rows.count)
                rows.append(.course(picks.count))
                picks.append(groups.courses.baseIndex(index))
            case .course:
                break
            }
        }
        courses = Courses(base: groups.courses.base, picks: picks)
    }

    func index(of id: CourseID) -> Int? {
        guard let index = indexOfID[id] else { return nil }
        guard !filteredIndex.isEmpty else { return index }
        return filteredIndex[index] >= 0 ? filteredIndex[index] : nil
    }

    /// Restricted courses say nothing about their term, so they get a group of their own.
    private static func groupKey(_ course: Course) -> String {
        course.isRestricted ? restrictedKey : course.term?.name ?? ""
    }

    static let restrictedKey = "\u{0}restricted"

    /// The `members` of `courses` by name in the standard order, then by ID.
    private static func sortedByName(_ members: [Int], of courses: [Course], keys: [[UInt64]]) -> [Int] {
        members.sorted { lhs, rhs in
            if keys[lhs] != keys[rhs] { return keys[lhs].lexicographicallyPrecedes(keys[rhs]) }
            let order = courses[lhs].name.standardCompare(courses[rhs].name)
            return order == .orderedSame ? courses[lhs].id < courses[rhs].id : order == .orderedAscending
        }
    }

    /// Each course's name's primary key, made once, a part of the list on each core.
    private static func primaryKeys(of courses: [Course]) -> [[UInt64]] {
        let parts = courses.count < 2_000 ? 1 : ProcessInfo.processInfo.activeProcessorCount * 4
        let made = Mutex<[Int: [[UInt64]]]>([:])
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = (courses.count * part / parts)..<(courses.count * (part + 1) / parts)
            let cache = StandardOrder.ScalarCache()
            let keys = courses[range].map { StandardOrder.primaryKey($0.name, cache: cache) }
            made.withLock { $0[part] = keys }
        }
        let keys = made.withLock { $0 }
        return (0..<parts).flatMap { keys[$0] ?? [] }
    }
}

extension CourseGroups {
    /// The courses of one term, and where that term stands.
    private struct Group {
        enum Standing: Int, Comparable {
            case current, upcoming, undated, restricted, ended

            static func < (lhs: Standing, rhs: Standing) -> Bool { lhs.rawValue < rhs.rawValue }
        }

        var key: String
        /// Its courses, by index in the list.
        var members: [Int]
        var standing: Standing
        var start: Date
        var end: Date

        init(key: String, members: [Int], of list: [Course], now: Date) {
            self.key = key
            self.members = members
            let courses = members.lazy.map { list[$0] }
            start = courses.compactMap(\.effectiveStart).min() ?? .distantPast
            end = courses.compactMap(\.effectiveEnd).max() ?? .distantFuture
            if key == CourseGroups.restrictedKey {
                standing = .restricted
            } else if courses.allSatisfy({ $0.hasEnded(at: now) }) {
                standing = .ended
            } else if courses.allSatisfy({ $0.isUpcoming(at: now) }) {
                standing = .upcoming
            } else if courses.allSatisfy({ $0.effectiveStart == nil && $0.effectiveEnd == nil }) {
                standing = .undated
            } else {
                standing = .current
            }
        }

        var heading: String {
            let name = key.isEmpty ? "No term" : key
            switch standing {
            case .restricted: return "Not available now"
            case .ended: return "\(name) · ended"
            case .upcoming: return "\(name) · upcoming"
            case .current, .undated: return name
            }
        }

        /// Current terms (newest first), then upcoming (soonest first), undated, restricted, and past (latest first).
        static func displayOrder(_ lhs: Group, _ rhs: Group) -> Bool {
            if lhs.standing != rhs.standing { return lhs.standing < rhs.standing }
            switch lhs.standing {
            case .current where lhs.start != rhs.start: return lhs.start > rhs.start
            case .upcoming where lhs.start != rhs.start: return lhs.start < rhs.start
            case .ended where lhs.end != rhs.end: return lhs.end > rhs.end
            default: return lhs.key.standardCompare(rhs.key) == .orderedAscending
            }
        }
    }
}

extension CourseGroups {
    /// The courses of a list in display order: all of them, or those a filter picked, read
    /// through from the full list's array so filtering copies no course.
    struct Courses: RandomAccessCollection {
        let base: [Course]
        /// Indexes into `base`, for a filtered list; nil: every course of `base`.
        let picks: [Int]?

        var startIndex: Int { 0 }
        var endIndex: Int { picks?.count ?? base.count }

        subscript(position: Int) -> Course {
            base[baseIndex(position)]
        }

        /// Where the course at `position` is in `base`.
        func baseIndex(_ position: Int) -> Int {
            picks?[position] ?? position
        }
    }
}
