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
        // The list keeps the courses where they are and notes their order, so sorting
        // 100,000 courses copies none.
        let keys = Self.primaryKeys(of: unsorted)
        var order: [Int] = []
        order.reserveCapacity(unsorted.count)
        rowOfCourse.reserveCapacity(unsorted.count)
        indexOfID.reserveCapacity(unsorted.count)
        let groups = Self.groups(of: unsorted, now: now)
        rows.reserveCapacity(unsorted.count + groups.count)
        for group in groups.sorted(by: Group.displayOrder) {
            rows.append(.heading(group.heading))
            for index in Self.sortedByName(group.members, of: unsorted, keys: keys) {
                indexOfID[unsorted[index].id] = order.count
                rowOfCourse.append(rows.count)
                rows.append(.course(order.count))
                order.append(index)
            }
        }
        courses = Courses(base: unsorted, picks: order)
    }

    /// The courses of each term, by index, in the order the terms first come.
    private static func groups(of courses: [Course], now: Date) -> [Group] {
        var members: [[Int]] = []
        var keys: [String] = []
        var groupOfKey: [String: Int] = [:]
        // Courses of one term mostly come together: the term just seen is checked first,
        // which spares hashing the name (costly for a name that isn't ASCII) for most.
        var last: Int?
        for index in courses.indices {
            let key = groupKey(courses[index])
            let group: Int
            if let last, keys[last] == key {
                group = last
            } else if let known = groupOfKey[key] {
                group = known
            } else {
                group = keys.count
                groupOfKey[key] = group
                keys.append(key)
                members.append([])
            }
            members[group].append(index)
            last = group
        }
        return zip(keys, members).map { key, indexes in Group(key: key, members: indexes, of: courses, now: now) }
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
    private static func sortedByName(_ members: [Int], of courses: [Course], keys: StandardOrder.SortKeys) -> [Int] {
        keys.sorted(members) { lhs, rhs in
            let order = courses[lhs].name.standardCompare(courses[rhs].name)
            return order == .orderedSame ? courses[lhs].id < courses[rhs].id : order == .orderedAscending
        }
    }

    /// Each course's name's primary key, made once; for a long list, a part of it on each core.
    private static func primaryKeys(of courses: [Course]) -> StandardOrder.SortKeys {
        guard courses.count >= 2_000 else { return primaryKeys(of: courses, in: courses.indices) }
        let parts = ProcessInfo.processInfo.activeProcessorCount * 4
        let made = Mutex<[Int: StandardOrder.SortKeys]>([:])
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let keys = primaryKeys(of: courses, in: (courses.count * part / parts)..<(courses.count * (part + 1) / parts))
            made.withLock { $0[part] = keys }
        }
        // Each part is let go once copied, so the parts and the whole are not held twice over.
        var tables = made.withLock { made in
            defer { made = [:] }
            return made
        }
        var keys = StandardOrder.SortKeys()
        keys.reserveCapacity(keys: courses.count, values: tables.values.reduce(0) { $0 + $1.valueCount })
        for part in 0..<parts {
            keys.append(contentsOf: tables.removeValue(forKey: part) ?? StandardOrder.SortKeys())
        }
        return keys
    }

    /// The primary keys of the names of `courses` in `range`, in order.
    private static func primaryKeys(of courses: [Course], in range: Range<Int>) -> StandardOrder.SortKeys {
        let cache = StandardOrder.ScalarCache()
        var keys = StandardOrder.SortKeys()
        // A name's bytes are about as many as its key's values.
        keys.reserveCapacity(keys: range.count, values: range.reduce(0) { $0 + courses[$1].name.utf8.count })
        for index in range {
            keys.append(courses[index].name, cache: cache)
        }
        return keys
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
            var (start, end): (Date?, Date?) = (nil, nil)
            var (allEnded, allUpcoming, allUndated) = (true, true, true)
            for index in members {
                let (courseStart, courseEnd) = (list[index].effectiveStart, list[index].effectiveEnd)
                if let courseStart, start.map({ courseStart < $0 }) ?? true { start = courseStart }
                if let courseEnd, end.map({ courseEnd > $0 }) ?? true { end = courseEnd }
                let ended = list[index].hasEnded(at: now)
                allEnded = allEnded && ended
                allUpcoming = allUpcoming && !ended && courseStart.map { $0 > now } ?? false
                allUndated = allUndated && courseStart == nil && courseEnd == nil
            }
            self.start = start ?? .distantPast
            self.end = end ?? .distantFuture
            if key == CourseGroups.restrictedKey {
                standing = .restricted
            } else if allEnded {
                standing = .ended
            } else if allUpcoming {
                standing = .upcoming
            } else if allUndated {
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
