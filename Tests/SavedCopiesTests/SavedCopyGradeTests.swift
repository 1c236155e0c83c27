import CourseKit
import Foundation
import Testing
import TestSupport
@testable import SavedCopies

/// Courses saved before they had grades still read back, as having none.
struct SavedCopyGradeTests {
    let folder: ScratchFolder
    let account = SavedCopyAccount(origin: "https://school.example", user: "17")
    var store: SavedCopyStore {
        SavedCopyStore(directory: folder.url.appendingPathComponent("cache"), clock: ManualClock(Date(timeIntervalSince1970: 1_800_000_000)).client)
    }

    init() throws {
        folder = try ScratchFolder()
    }

    @Test func aGradeAndAHiddenTotalAreSavedAndReadBack() throws {
        defer { folder.remove() }
        let graded = Course(id: CourseID(3), name: "Giải tích 1", code: "MAT1041", grade: Course.Grade(letter: "B+", score: 87.5))
        let hidden = Course(id: CourseID(4), name: "Vật lý", hidesFinalGrades: true)
        store.write([graded, hidden], as: .courses(.current), of: account)
        #expect(store.read(.courses(.current), of: account, as: [Course].self)?.value == [graded, hidden])
    }

    @Test func aCopySavedBeforeGradesReadsAsHavingNone() throws {
        defer { folder.remove() }
        let course = Course(id: CourseID(3), name: "Giải tích 1", code: "MAT1041", grade: Course.Grade(letter: "B+", score: 87.5), hidesFinalGrades: true)
        store.write(course, as: .course(course.id), of: account)
        let file = store.folder(for: account).appendingPathComponent("course-3.json")
        // The same copy as written before courses had these two fields.
        var record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var value = try #require(record["value"] as? [String: Any])
        #expect(value.removeValue(forKey: "grade") != nil && value.removeValue(forKey: "hidesFinalGrades") != nil)
        record["value"] = value
        try JSONSerialization.data(withJSONObject: record).write(to: file)
        var expected = course
        expected.grade = nil
        expected.hidesFinalGrades = false
        #expect(store.read(.course(course.id), of: account, as: Course.self)?.value == expected)
    }
}
