import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// What the teacher wrote back, under each assignment in the Course pane: the rubric with each
/// criterion's rating, points and comment (no points where the teacher hides them), the
/// comments with author and day, and their files, which `d` queues to download.
@MainActor
struct FeedbackSectionTests {
    nonisolated static let now = Fixtures.start
    nonisolated static let marked = CourseFile(
        id: "555", name: "marked.pdf", size: 2_048, downloadURL: URL(string: "https://school.example/files/555/download?verifier=x")
    )

    nonisolated static func essay(hidesPoints: Bool = false, marks: [String: RubricMark]? = ["_c1": RubricMark(ratingID: "_r1", points: 9, comments: "Good")]) -> Assignment {
        Assignment(
            id: "11", name: "Essay", pointsPossible: 10,
            submission: Assignment.Submission(
                state: .graded, score: 9, grade: "9", postedAt: now - 86_400,
                comments: [
                    SubmissionComment(id: "1", author: "Dr. Chen", text: "Strong\nclose.", createdAt: now - 86_400, attachments: [marked]),
                    SubmissionComment(id: "2", text: "Peer note"),
                ],
                rubricMarks: marks
            ),
            rubric: Rubric(title: "Essay rubric", criteria: [
                Rubric.Criterion(id: "_c1", description: "Argument", points: 10, ratings: [Rubric.Rating(id: "_r1", description: "Convincing", points: 10)]),
                Rubric.Criterion(id: "_c2", description: "Sources", points: 5),
            ], hidesPoints: hidesPoints)
        )
    }

    func state(_ assignment: Assignment = essay()) -> CourseDetailState {
        var state = CourseDetailState(size: PaneSize(width: 70, height: 60, glyphs: .unicode))
        _ = state.update(.show(Fixtures.swift.id), now: Self.now)
        _ = state.update(.loaded(\.overview, .finished(.success(Fixtures.swift))), now: Self.now)
        _ = state.update(.loaded(\.assignments, .finished(.success([assignment]))), now: Self.now)
        return state
    }

    func text(_ state: CourseDetailState) -> [String] {
        (state.header + state.lines.map { $0.styled(now: Self.now, glyphs: .unicode) }).map(\.text)
    }

    @Test func theRubricAndTheCommentsFollowTheAssignment() {
        let lines = text(state())
        let day = DateText.day(Self.now - 86_400, now: Self.now)
        let start = lines.firstIndex(of: "Essay") ?? lines.count
        #expect(Array(lines.dropFirst(start + 2).prefix(6)) == [
            "    Rubric: Essay rubric",
            "      Argument · Convincing · 9/10 · “Good”",
            "      Sources · –/5",
            "    Dr. Chen, \(day): Strong close.",
            "      attached: marked.pdf · 2.0 KB",
            "    Anonymous: Peer note",
        ], "\(lines)")
    }

    @Test func pointsTheTeacherHidesAreNotShownAndAnUnmarkedRubricSaysSo() {
        let hidden = text(state(Self.essay(hidesPoints: true)))
        #expect(hidden.contains("      Argument · Convincing · “Good”"), "\(hidden)")
        #expect(!hidden.contains { $0.hasPrefix("      ") && $0.contains("/") }, "no criterion shows points: \(hidden)")
        let unmarked = text(state(Self.essay(marks: nil)))
        #expect(unmarked.contains("    Rubric: Essay rubric · 2 criteria, 15 pts · not marked yet"), "one line until it is marked: \(unmarked)")
        #expect(!unmarked.contains { $0.contains("Argument") }, "\(unmarked)")
        var teachers = Self.essay()
        teachers.submission = nil
        #expect(!text(state(teachers)).contains { $0.contains("Rubric") }, "a teacher has no submission to be marked")
    }

    @Test func dQueuesACommentsFileUnderFeedbackAndTheAssignment() {
        var state = state()
        for _ in 0..<3 where state.selectedAttachment == nil {
            _ = state.update(.key(.character("n")), now: Self.now)
        }
        #expect(state.selectedAttachment?.file == Self.marked)
        let effects = state.update(.key(.character("d")), now: Self.now)
        let entry = DownloadBatch.Entry(file: Self.marked, folderPath: ["Feedback", "Essay"])
        #expect(effects == [.enqueueDownloads(DownloadBatch(course: Fixtures.swift.id, courseFolder: Fixtures.swift.label ?? "", entries: [entry]))])
        _ = state.update(.key(.character("p")), now: Self.now)
        #expect(state.selectedDetailItem?.id == DetailItem.id(ofAssignment: "11"), "p goes back to the assignment the file is under")
    }

    @Test func anAnnouncementsFileIsListedUnderItAndDownloadsUnderAnnouncements() {
        var state = state()
        let slides = CourseFile(id: "77", name: "Week 1 slides.pdf", size: 4_096, downloadURL: URL(string: "https://school.example/files/77/download"))
        let posted = Announcement(id: "31", title: "Slides are up", postedAt: Self.now - 3_600, isRead: true, attachments: [slides])
        _ = state.update(.loaded(\.announcements, .finished(.success(ShownAnnouncement.list([posted])))), now: Self.now)
        let lines = text(state)
        let row = lines.firstIndex { $0.hasSuffix("Slides are up") } ?? lines.count
        #expect(lines.dropFirst(row + 1).first == "    attached: Week 1 slides.pdf · 4.1 KB", "\(lines)")
        for _ in 0..<6 where state.selectedAttachment?.file != slides {
            _ = state.update(.key(.character("n")), now: Self.now)
        }
        let entry = DownloadBatch.Entry(file: slides, folderPath: ["Announcements", "Slides are up"])
        #expect(state.update(.key(.character("d")), now: Self.now) == [
            .enqueueDownloads(DownloadBatch(course: Fixtures.swift.id, courseFolder: Fixtures.swift.label ?? "", entries: [entry])),
        ])
    }
}
