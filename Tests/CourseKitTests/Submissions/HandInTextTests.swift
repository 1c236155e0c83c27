import CourseKit
import Testing

/// `HandInText`: a student's plain text as the HTML body handed in, and the forms in which a
/// text or a link handed in is known again.
struct HandInTextTests {
    @Test func paragraphsAndLineBreaksBecomeHTMLAndMarkupIsEscaped() {
        let text = "Value types & reference types\nare <different>.\n\n\nSecond paragraph.\n"
        #expect(HandInText.html(text) == "<p>Value types &amp; reference types<br>are &lt;different&gt;.</p><p>Second paragraph.</p>")
    }

    @Test func theWordsStandWhateverTheWhitespace() {
        #expect(HandInText.normalized("  one\ttwo\n\nthree  ") == "one two three")
        #expect(HandInText.wordCount("one two\nthree") == 3)
        #expect(HandInText.wordCount(" \n\t ") == 0)
    }

    @Test func aLinkWithoutASchemeIsReadAsCanvasKeepsIt() {
        #expect(HandInText.link("example.com/essay") == "http://example.com/essay")
        #expect(HandInText.link(" https://example.com ") == "https://example.com")
        #expect(HandInText.link("ftp://files.example/x") == "ftp://files.example/x")
    }

    @Test func anAttemptCarriesTheTextOrLinkOfAPlan() {
        let text = UploadJob.Submission(assignmentID: "1", assignmentName: "Essay", text: "Hello,\nworld")
        #expect(SubmissionAttempt(attempt: 2, text: "Hello, world").carries(contentOf: text))
        #expect(!SubmissionAttempt(attempt: 2, text: "Hello world").carries(contentOf: text))
        let link = UploadJob.Submission(assignmentID: "1", assignmentName: "Essay", url: "example.com/a")
        #expect(SubmissionAttempt(attempt: 1, url: "http://example.com/a").carries(contentOf: link))
        #expect(!SubmissionAttempt(attempt: 1, files: [.init(name: "a.pdf", size: 3)]).carries(contentOf: link))
    }
}
