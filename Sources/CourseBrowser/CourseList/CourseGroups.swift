import CourseKit
import Foundation

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
    private(set) var courses: [Course] = []
    private(set) var rows: [Row] = []
    /// For each course, its row.
    private(set) var rowOfCourse: [Int] = []
    /// For each course ID, its index in `courses`.
    private var indexOfID: [CourseID: Int] = [:]

    init(_ unsorted: [Course], now: Date) {
        let groups = Dictionary(grouping: unsorted, by: Self.groupKey).map { key, members in
            Group(key: key, courses: members, now: now)
        }
        for group in groups.sorted(by: Group.displayOrder) {
            rows.append(.heading(group.heading))
            for course in group.courses.sorted(by: Self.byName) {
                indexOfID[course.id] = courses.count
                rowOfCourse.append(rows.count)
                rows.append(.course(courses.count))
                courses.append(course)
            }
        }
    }

    func index(of id: CourseID) -> Int? {
        indexOfID[id]
    }

    /// Restricted courses say nothing about their term, so they get a group of their own.
    private static func groupKey(_ course: Course) -> String {
        course.isRestricted ? restrictedKey : course.term?.name ?? ""
    }

    static let restrictedKey = "\u{0}restricted"

    private static func byName(_ lhs: Course, _ rhs: Course) -> Bool {
        let order = lhs.name.localizedStandardCompare(rhs.name)
        return order == .orderedSame ? lhs.id < rhs.id : order == .orderedAscending
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
        var courses: [Course]
        var standing: Standing
        var start: Date
        var end: Date

        init(key: String, courses: [Course], now: Date) {
            self.key = key
            self.courses = courses
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
            default: return lhs.key.localizedStandardCompare(rhs.key) == .orderedAscending
            }
        }
    }
}
