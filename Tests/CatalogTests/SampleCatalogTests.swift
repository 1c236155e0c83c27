import Foundation
import Testing
@testable import CanvasJSON
@testable import Catalog
import CourseKit
import HTMLText
import TestSupport

struct SampleCatalogTests {
    let catalog: Catalog

    init() throws {
        catalog = try SampleCatalog.load(now: SampleCatalog.anchor)
    }

    @Test func holdsARealisticCatalog() {
        let courses = catalog.entries.map(\.course)
        #expect(courses.count >= 40)
        #expect(Set(courses.map(\.id)).count == courses.count)
        #expect(catalog.entries.filter { $0.syllabusHTML != nil }.count >= 40)
        #expect(catalog.entries.filter { !$0.modules.isEmpty }.count >= 40)
        #expect(courses.filter { $0.term != nil }.count >= 40)
    }

    @Test func namesSpanSeveralScripts() {
        let names = catalog.entries.map(\.course.name)
        #expect(names.contains("Lập trình Swift cơ bản"))
        #expect(names.contains("日本語入門"))
        #expect(names.contains { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } })
        #expect(names.contains { $0.count > 120 })
        #expect(names.contains { $0.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } })
    }

    @Test func hasEveryKindOfCourseTheViewsTellApart() {
        let now = SampleCatalog.anchor
        #expect(catalog.courses(in: .current, at: now).count >= 30)
        #expect(catalog.courses(in: .all, at: now).contains { $0.hasEnded(at: now) })
        #expect(catalog.courses(in: .favorites, at: now).count >= 3)
        #expect(catalog.entries.contains { $0.course.isRestricted })
        #expect(catalog.entries.contains { $0.course.enrollment == .invited })
        #expect(catalog.entries.contains { $0.course.originalName != nil })
        #expect(catalog.entries.contains { $0.modules.contains { $0.isLocked(at: now) } })
        #expect(catalog.entries.contains { $0.modules.contains { $0.items.contains(where: \.isLocked) } })
    }

    @Test func everyOpenCourseHasAssignmentsSomePastDueSomeLockedSomeToHandIn() {
        let now = SampleCatalog.anchor
        let open = catalog.entries.filter { !$0.course.isRestricted }
        #expect(open.allSatisfy { !$0.assignments.isEmpty })
        let all = open.flatMap(\.assignments)
        #expect(all.contains { ($0.dueAt ?? .distantFuture) < now && $0.submission?.isMissing == true })
        #expect(all.contains { $0.submission?.state == .graded && $0.submission?.score != nil })
        #expect(all.contains { $0.submission?.isLate == true && ($0.submission?.attempt ?? 0) > 1 })
        #expect(all.contains { $0.isLocked && $0.lockExplanation != nil })
        #expect(all.contains { $0.acceptsUploads && !$0.allowedExtensions.isEmpty && ($0.dueAt ?? .distantPast) > now })
    }

    @Test func aNewUserSeesEveryWayCanvasGradesAndLocks() {
        let now = SampleCatalog.anchor
        let all = catalog.entries.flatMap(\.assignments)
        #expect(all.contains { $0.gradingType == .letterGrade && $0.submission?.grade == "B" && $0.submission?.score != nil })
        #expect(all.contains { $0.gradingType == .passFail && $0.submission?.grade == "complete" && !$0.expectsSubmission })
        #expect(all.contains { $0.submission?.isGradeHidden == true })
        #expect(all.contains { $0.submission?.isMissing == true && $0.submission?.score == 0 && $0.submission?.state == .graded })
        // Locking between 12 and 36 hours after the day begins: soon, whatever the hour, and never passed.
        let locksSoon = all.filter { assignment in
            assignment.lockAt.map { $0 > now + 12 * 3_600 && $0 <= now + 36 * 3_600 } == true && assignment.acceptsUploads && !assignment.isLocked
        }
        #expect(!locksSoon.isEmpty)
        #expect(locksSoon.allSatisfy { ($0.dueAt ?? .distantFuture) <= ($0.lockAt ?? .distantPast) }, "Canvas locks no assignment before it is due")
    }

    @Test func itsDatesMoveWithTodaySoItNeverGoesStale() throws {
        let later = SampleCatalog.anchor.addingTimeInterval(400 * 86_400 + 3_600)
        let moved = try SampleCatalog.load(now: later)
        let id = CourseID(10001)
        let then = try catalog.entry(id).course
        let now = try moved.entry(id).course
        #expect(now.startAt == then.startAt.map { $0 + 400 * 86_400 }, "moved by whole days, so times of day stay")
        let dueThen = try catalog.entry(id).assignments.compactMap(\.dueAt)
        let dueLater = try moved.entry(id).assignments.compactMap(\.dueAt)
        #expect(dueLater.count == dueThen.count)
        let moves = Set(zip(dueThen, dueLater).map { $1.timeIntervalSince($0).rounded() })
        let wholeDays: TimeInterval = 400 * 86_400
        #expect(moves == [wholeDays, wholeDays + 3_600], "fixed due dates move by whole days, relative ones with the clock")
        let locksThen = try catalog.entry(CourseID(10003)).assignments.compactMap(\.lockAt)
        #expect(!locksThen.isEmpty)
        #expect(try moved.entry(CourseID(10003)).assignments.compactMap(\.lockAt) == locksThen.map { $0 + 400 * 86_400 }, "lock dates too")
        let postedThen = try catalog.entry(CourseID(10003)).assignments.compactMap(\.submission?.postedAt)
        #expect(try moved.entry(CourseID(10003)).assignments.compactMap(\.submission?.postedAt) == postedThen.map { $0 + 400 * 86_400 })
        #expect(moved.courses(in: .current, at: later).count == catalog.courses(in: .current, at: SampleCatalog.anchor).count)
        #expect(!moved.entries.contains { $0.course.term?.name.contains("20") == true }, "term names carry no year")
    }

    @Test func everySyllabusBecomesReadableText() {
        for entry in catalog.entries {
            let blocks = HTMLText.blocks(from: entry.syllabusHTML ?? "")
            for block in blocks {
                #expect(!block.text.contains("<p"), "course \(entry.course.id)")
                #expect(!block.text.contains("&amp;"), "course \(entry.course.id)")
            }
        }
    }
}
