import Testing
import CourseKit

/// Whether an attempt the backend lists is the one a queued hand-in made: what the queue takes
/// as its own instead of sending again, so a wrong "yes" loses a hand-in and a wrong "no" doubles it.
struct SubmissionAttemptCarriesTests {
    static let files = [
        QueuedFile(name: "essay.pdf", sourcePath: "/tmp/essay.pdf", size: 5000),
        QueuedFile(name: "data.csv", sourcePath: "/tmp/data.csv", size: 40),
    ]

    @Test func theSameNamesAndSizesInAnyOrderAreCarried() {
        let attempt = SubmissionAttempt(attempt: 2, files: [.init(name: "data.csv", size: 40), .init(name: "essay.pdf", size: 5000)])
        #expect(attempt.carries(Self.files))
    }

    @Test func theSameNamesWithOtherSizesAreNot() {
        let attempt = SubmissionAttempt(attempt: 2, files: [.init(name: "essay.pdf", size: 5001), .init(name: "data.csv", size: 40)])
        #expect(!attempt.carries(Self.files))
        #expect(!attempt.carries(Self.files, ids: ["9", "10"]), "the IDs the attempt lacks can't vouch for it")
    }

    @Test func theUploadedIDsDecideWhenBothSidesHaveThemAll() {
        let renamed = SubmissionAttempt(attempt: 2, files: [.init(id: "10", name: "data-1.csv", size: 40), .init(id: "9", name: "essay-1.pdf", size: 5000)])
        #expect(renamed.carries(Self.files, ids: ["9", "10"]))
        let others = SubmissionAttempt(attempt: 2, files: [.init(id: "11", name: "notes.pdf", size: 70), .init(id: "12", name: "table.csv", size: 8)])
        #expect(!others.carries(Self.files, ids: ["9", "10"]), "as many IDs, other ones")
        let oneOther = SubmissionAttempt(attempt: 2, files: [.init(id: "9", name: "essay.pdf", size: 5000), .init(id: "12", name: "table.csv", size: 8)])
        #expect(!oneOther.carries(Self.files, ids: ["9", "10"]))
    }

    @Test func anotherNumberOfFilesIsNot() {
        let fewer = SubmissionAttempt(attempt: 2, files: [.init(id: "9", name: "essay.pdf", size: 5000)])
        #expect(!fewer.carries(Self.files, ids: ["9", "10"]))
        #expect(!fewer.carries(Self.files))
    }
}
