import Testing
@testable import CourseKit

/// A file handed in again lands beside the first copy in Canvas's submissions folder, renamed
/// as Canvas's `Attachment.make_unique_filename` renames it: `-1` to `-7`, then a UUID, before
/// the extension, which starts at the first dot of an ending made of letter-led parts.
struct SubmissionAttemptNameTests {
    static let uuid = "4ea596d2-9fe8-4a2e-9523-a7e557e04db6"

    /// Each pair is what Canvas named the copy, and the name that was uploaded (checked against Ruby).
    @Test(arguments: [
        ("essay.pdf", "essay.pdf"),
        ("essay-1.pdf", "essay.pdf"),
        ("essay-7.pdf", "essay.pdf"),
        ("report-1.final.pdf", "report.final.pdf"),
        ("archive-1.tar.gz", "archive.tar.gz"),
        ("v1.2-1.pdf", "v1.2.pdf"),
        ("photo.2024-3.jpg", "photo.2024.jpg"),
        ("a-1.B2.c3", "a.B2.c3"),
        ("bài.tập-1.pdf", "bài.tập.pdf"),
        ("Cơ sở-2.docx", "Cơ sở.docx"),
        ("README-1", "README"),
        ("notes-1.", "notes."),
        ("report.-1.pdf", "report..pdf"),
        (".bashrc-1.bashrc", ".bashrc"),
        (".config.json-1.config.json", ".config.json"),
        ("essay-\(uuid).pdf", "essay.pdf"),
        ("report-\(uuid).final.pdf", "report.final.pdf"),
        ("README-\(uuid)", "README"),
        // As older Canvas versions renamed a copy: before the last dot, counting on past 7.
        ("essay-8.pdf", "essay.pdf"),
        ("essay-12.pdf", "essay.pdf"),
        ("report.final-1.pdf", "report.final.pdf"),
        ("archive.tar-1.gz", "archive.tar.gz"),
        ("v1.2-10.pdf", "v1.2.pdf"),
        (".bashrc-1", ".bashrc"),
    ])
    func canvassNameForACopyIsRecognised(shown: String, name: String) {
        #expect(SubmissionAttempt.name(shown, couldBe: name))
    }

    @Test(arguments: [
        ("report-x.final.pdf", "report.final.pdf"),
        ("report-1.pdf", "report.final.pdf"),
        ("v1-1.2.pdf", "v1.2.pdf"),
        ("essay-0.pdf", "essay.pdf"),
        ("essay-01.pdf", "essay.pdf"),
        ("essay--1.pdf", "essay.pdf"),
        ("report.final-01.pdf", "report.final.pdf"),
        ("report.final-x.pdf", "report.final.pdf"),
        ("essay-.pdf", "essay.pdf"),
        ("essay1.pdf", "essay.pdf"),
        ("essay-1.PDF", "essay.pdf"),
        ("essay-١.pdf", "essay.pdf"),
        ("essay (1).pdf", "essay.pdf"),
        // A word is no mark Canvas adds: a student's own other version of the file.
        ("essay-final.pdf", "essay.pdf"),
        ("essay-draft.pdf", "essay.pdf"),
        ("essay-1-final.pdf", "essay.pdf"),
        ("essay-final-1.pdf", "essay.pdf"),
        ("essay-1.5.pdf", "essay.pdf"),
        ("other-1.pdf", "essay.pdf"),
        ("README-1.txt", "README"),
        ("-1.bashrc", ".bashrc"),
        ("essay-4EA596D2-9FE8-4A2E-9523-A7E557E04DB6.pdf", "essay.pdf"),
        ("essay-4ea596d29fe84a2e9523a7e557e04db6.pdf", "essay.pdf"),
        ("essay-4ea596d2-9fe8-4a2e-9523-a7e557e04db.pdf", "essay.pdf"),
        ("essay-4ea596d2-9fe8-4a2e-9523-a7e557e04dbg.pdf", "essay.pdf"),
    ])
    func otherNamesAreNotACopy(shown: String, name: String) {
        #expect(!SubmissionAttempt.name(shown, couldBe: name))
    }

    @Test func anAttemptCarriesFilesCanvasRenamedWhenNoIDsDecide() {
        let files = [
            QueuedFile(name: "report.final.pdf", sourcePath: "/tmp/report.final.pdf", size: 300),
            QueuedFile(name: "data.tar.gz", sourcePath: "/tmp/data.tar.gz", size: 40),
        ]
        let renamed = SubmissionAttempt(attempt: 2, files: [
            .init(name: "data-1.tar.gz", size: 40), .init(name: "report-2.final.pdf", size: 300),
        ])
        #expect(renamed.carries(files))
        let renamedByAnOlderCanvas = SubmissionAttempt(attempt: 2, files: [
            .init(name: "data.tar-1.gz", size: 40), .init(name: "report.final-12.pdf", size: 300),
        ])
        #expect(renamedByAnOlderCanvas.carries(files))
        let otherSizes = SubmissionAttempt(attempt: 2, files: [
            .init(name: "data-1.tar.gz", size: 41), .init(name: "report-2.final.pdf", size: 300),
        ])
        #expect(!otherSizes.carries(files))
    }
}
