import Foundation
import Testing
@testable import CourseBrowser
import CourseKit

/// The list's groups and order, for lists long enough to be sorted on every core.
struct CourseGroupsTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Names that tie on their primary keys, on everything, and differ only by number.
    static let names = ["Unit 10", "unit 2", "Unit 1", "Ánh", "Anh", "anh", "Straße", "Strasse", "日本語入門", "Giải tích", "Giai tich", "CS 101", "CS101"]

    func courses(_ count: Int, terms: [String]) -> [Course] {
        (0..<count).map { index in
            // IDs out of order, so ties fall to the ID and not to the list's order.
            let id = (index * 7_919) % count + 1
            return Course(id: CourseID(id), name: Self.names[index % Self.names.count] + (index % 3 == 0 ? "" : " \(index % 40)"),
                          term: Course.Term(name: terms[index % terms.count]))
        }
    }

    func expectedOrder(_ courses: [Course]) -> [CourseID] {
        courses.sorted { lhs, rhs in
            let order = lhs.name.standardCompare(rhs.name)
            return order == .orderedSame ? lhs.id < rhs.id : order == .orderedAscending
        }.map(\.id)
    }

    @Test func eachTermsCoursesAreInTheStandardOrderThenByID() {
        let list = courses(6_000, terms: ["Fall", "Spring"])
        let groups = CourseGroups(list, now: Self.now)
        let headings = groups.rows.compactMap { row -> String? in
            if case let .heading(text) = row { return text }
            return nil
        }
        #expect(headings == ["Fall", "Spring"])
        let shown = groups.courses.map(\.id)
        let fall = list.filter { $0.term?.name == "Fall" }
        let spring = list.filter { $0.term?.name == "Spring" }
        #expect(shown == expectedOrder(fall) + expectedOrder(spring))
        for (index, course) in groups.courses.enumerated() {
            #expect(groups.index(of: course.id) == index)
        }
    }

    /// Terms that come interleaved, and one name written composed and decomposed, which is one term.
    @Test func aTermIsOneGroupHoweverItsCoursesComeAndHoweverItsNameIsWritten() {
        let composed = "Học kỳ 1"
        let decomposed = String(composed.decomposedStringWithCanonicalMapping)
        #expect(Array(composed.utf8) != Array(decomposed.utf8))
        let list = courses(3_000, terms: [composed, "Other", decomposed, "Other", "Other"])
        let groups = CourseGroups(list, now: Self.now)
        let headingCount = groups.rows.filter { if case .heading = $0 { return true } else { return false } }.count
        #expect(headingCount == 2)
        #expect(groups.courses.count == list.count)
        #expect(Set(groups.courses.map(\.id)).count == list.count)
    }

    @Test func aFilteredListKeepsTheOrderAndFindsItsCoursesByID() {
        let list = courses(3_000, terms: ["Fall"])
        let groups = CourseGroups(list, now: Self.now)
        let keep = groups.courses.map { $0.name.hasPrefix("Unit") }
        let filtered = CourseGroups(groups, keeping: keep)
        let expected = groups.courses.filter { $0.name.hasPrefix("Unit") }.map(\.id)
        #expect(filtered.courses.map(\.id) == expected)
        #expect(filtered.index(of: expected[5]) == 5)
        #expect(filtered.index(of: groups.courses.first { !$0.name.hasPrefix("Unit") }?.id ?? CourseID(0)) == nil)
    }
}
