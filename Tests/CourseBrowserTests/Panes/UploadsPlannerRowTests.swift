import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// Marks and to-dos in the queue's rows: named by what they set, no size, `sent` when done, and
/// a to-do of one's own under `—` as the Due pane writes a note without a course.
struct UploadsPlannerRowTests {
    let now = Fixtures.start

    func job(mark: Bool, course: CourseID) -> UploadJob {
        var job = UploadJob(id: "j", courseID: course, files: [], backend: "canvas", queuedAt: now, state: .done)
        if mark {
            job.plannerMark = .init(itemID: "assignment:5", title: "Lab 3", isDone: true)
        } else {
            job.plannerNote = .init(action: .add, title: "Buy goggles", date: now)
        }
        return job
    }

    @Test func aMarkIsNamedByWhatItSetsUnderItsCourse() {
        var state = UploadsState()
        state.courseNames[Fixtures.swift.id] = "SWIFT-101"
        let mark = job(mark: true, course: Fixtures.swift.id)
        #expect(state.courseLabel(of: mark) == "SWIFT-101")
        let line = UploadRow.line(for: mark, course: state.courseLabel(of: mark), progress: nil, width: 80, glyphs: .unicode, now: now).text
        #expect(line.contains("Done: Lab 3") && line.hasSuffix("sent") && !line.contains(" B "), "\(line)")
    }

    @Test func aToDoOfOnesOwnIsUnderNoCourse() {
        let note = job(mark: false, course: UploadJob.plannerCourse)
        #expect(UploadsState().courseLabel(of: note) == "—")
        #expect(note.fileName == "To-do: Buy goggles")
    }
}
