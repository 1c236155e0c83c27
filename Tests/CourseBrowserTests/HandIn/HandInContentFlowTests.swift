import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The hand-in flow for a text written in the student's editor or a link typed: which kind,
/// the editor's turn, the question, what is queued and what becomes of the draft.
struct HandInContentFlowTests {
    static let now = Fixtures.start
    static let course = CourseID(5)
    static let essay = Assignment(id: "7", name: "Essay", dueAt: now + 86_400, submissionTypes: ["online_text_entry"])
    static let portfolio = Assignment(id: "8", name: "Portfolio", dueAt: now + 86_400, submissionTypes: ["online_upload", "online_text_entry", "online_url"])
    static let site = Assignment(id: "9", name: "Site", submissionTypes: ["online_url"])
    static let draft = LocalPath("/data/drafts/course-5-assignment-7.txt")

    func type(_ text: String, into flow: inout HandInFlow) {
        for character in text { #expect(flow.update(.key(.character(character))).isEmpty) }
    }

    func loaded(_ assignments: [Assignment]) -> LoadState<[Assignment]> {
        var state = LoadState<[Assignment]>()
        state.apply(.finished(.success(assignments)))
        return state
    }

    @Test func aTextAloneOpensTheEditorAtOnceThenAsksWithTheFirstLinesAndQueuesOnYes() {
        var (flow, opening) = HandInFlow.handIn(to: Self.course, picked: Self.essay, home: "/", takesContent: true)
        #expect(opening == [.write(Self.essay, course: Self.course)])
        #expect(flow.lines(width: 60, glyphs: .unicode, now: Self.now).map(\.text) == ["Writing the text for Essay in your editor…"])
        #expect(flow.update(.written(.text("Rivers carve valleys.\n\nSlowly, over ages.\n", draft: Self.draft))).isEmpty)
        #expect(flow.lines(width: 60, glyphs: .unicode, now: Self.now).map(\.text) == [
            "Takes a text · due in 24 h",
            "  Rivers carve valleys.",
            "  Slowly, over ages.",
            "Hand in a text of 6 words to Essay? y/n · e edits it",
        ])
        #expect(flow.keys.compactMap(\.row.hint).map(\.action) == ["hand in", "edit", "not now"])
        #expect(flow.update(.key(.enter)).isEmpty, "only y hands in")
        let content = HandInContent.text("Rivers carve valleys.\n\nSlowly, over ages.\n", draft: Self.draft)
        #expect(flow.update(.key(.character("y"))) == [.queueContent(content, course: Self.course, assignment: Self.essay)])
        #expect(flow.update(.key(.character("y"))).isEmpty, "queued once, however often y is pressed")
        let job = UploadJob(id: "j", courseID: Self.course, fileName: "Essay", sourcePath: "", size: 0, backend: "canvas", queuedAt: Self.now)
        #expect(flow.update(.queued(QueueingOutcome(jobs: [job]))) == [
            .close(Notice(text: "Queued a text of 6 words for Essay; it is handed in once, when the network allows")),
        ])
    }

    @Test func eWritesAgainAndNKeepsTheDraftAndSaysWhere() {
        var (flow, _) = HandInFlow.handIn(to: Self.course, picked: Self.essay, home: "/", takesContent: true)
        _ = flow.update(.written(.text("First try", draft: Self.draft)))
        #expect(flow.update(.key(.character("e"))) == [.write(Self.essay, course: Self.course)])
        _ = flow.update(.written(.text("Second try", draft: Self.draft)))
        #expect(flow.update(.key(.character("n"))) == [
            .close(Notice(text: "Not handed in; the text stays in \(Self.draft.path), and s opens it again")),
        ])
    }

    @Test func nothingWrittenCancelsAndAnUnusableDraftSaysWhy() {
        var (flow, _) = HandInFlow.handIn(to: Self.course, picked: Self.essay, home: "/", takesContent: true)
        #expect(flow.update(.written(.empty)) == [.close(Notice(text: "Nothing was written, so nothing is handed in"))])
        (flow, _) = HandInFlow.handIn(to: Self.course, picked: Self.essay, home: "/", takesContent: true)
        #expect(flow.update(.written(.unusable("The editor (vim) exited with status 1", draft: nil))) == [
            .close(Notice(text: "The editor (vim) exited with status 1", isProblem: true)),
        ])
    }

    @Test func anAssignmentTakingSeveralKindsAsksWhichAndOffersOnlyThose() {
        var (flow, opening) = HandInFlow.handIn(to: Self.course, picked: Self.portfolio, home: "/", takesContent: true)
        #expect(opening.isEmpty)
        #expect(flow.lines(width: 80, glyphs: .unicode, now: Self.now).map(\.text) == [
            "Hand in to Portfolio as: f files · t a text · l a link",
            "Takes files, a text or a link · due in 24 h",
            "Esc cancel",
        ])
        #expect(flow.update(.key(.character("x"))).isEmpty)
        #expect(flow.update(.key(.character("f"))).isEmpty)
        #expect(flow.prompt?.target == .assignment(Self.portfolio), "f goes on to the file prompt")
        (flow, _) = HandInFlow.handIn(to: Self.course, picked: Self.portfolio, home: "/", takesContent: true)
        #expect(flow.update(.key(.character("t"))) == [.write(Self.portfolio, course: Self.course)])
        let twoKinds = Assignment(id: "3", name: "Two", submissionTypes: ["online_upload", "online_url"])
        (flow, _) = HandInFlow.handIn(to: Self.course, picked: twoKinds, home: "/", takesContent: true)
        #expect(flow.keys.filter(\.availability.isEnabled).compactMap(\.row.hint).map(\.action) == ["files", "link", "cancel"])
        #expect(flow.update(.key(.character("t"))).isEmpty, "a kind it doesn't take does nothing")
        #expect(flow.update(.key(.escape)) == [.close(nil)])
    }

    @Test func aLinkIsCheckedAskedAboutAndNGoesBackToItAsTyped() {
        var (flow, opening) = HandInFlow.handIn(to: Self.course, picked: Self.site, home: "/", takesContent: true)
        #expect(opening.isEmpty)
        type("not a link", into: &flow)
        #expect(flow.update(.key(.enter)).isEmpty)
        #expect(flow.lines(width: 80, glyphs: .ascii, now: Self.now).map(\.text).last?.contains("Type a web address, such as https://example.com/my-work") == true)
        for _ in 0..<10 { _ = flow.update(.key(.backspace)) }
        type("example.org/work", into: &flow)
        #expect(flow.update(.key(.enter)).isEmpty)
        #expect(flow.lines(width: 80, glyphs: .unicode, now: Self.now).map(\.text).last == "Hand in the link http://example.org/work to Site? y/n")
        #expect(flow.update(.key(.character("e"))).isEmpty, "a link has no editor")
        #expect(flow.keys.first { $0.row.hint?.action == "edit" }?.availability.isEnabled == false, "and the help says so")
        #expect(flow.update(.key(.character("n"))).isEmpty)
        #expect(flow.lines(width: 80, glyphs: .unicode, now: Self.now).first?.text.hasPrefix("Link for Site: http://example.org/work") == true)
        _ = flow.update(.key(.enter))
        #expect(flow.update(.key(.character("y"))) == [.queueContent(.link("http://example.org/work"), course: Self.course, assignment: Self.site)])
        #expect(flow.update(.queued(QueueingOutcome(jobs: [], failure: ("the disk is full", [])))) == [
            .close(Notice(text: "Couldn't queue the link http://example.org/work: the disk is full", isProblem: true)),
        ])
    }

    @Test(arguments: [
        ("https://example.org/a?b=c", "https://example.org/a?b=c"), ("example.org", "http://example.org"), ("HTTP://Example.org", "HTTP://Example.org"),
    ])
    func addressesAreTakenAsTheBackendKeepsThem(typed: String, kept: String) {
        #expect(HandInFlow.link(typed) == kept)
    }

    @Test(arguments: ["", "   ", "ftp://example.org/file", "two words", "http://"])
    func whatIsNoWebAddressIsRefused(typed: String) {
        #expect(HandInFlow.link(typed) == nil)
    }

    @Test func whereTheBackendTakesOnlyFilesTextsAndLinksAreNotOffered() throws {
        #expect(HandInFlow.availability(with: loaded([Self.essay, Self.site]), takesContent: false) == .disabled("No assignment in this course takes file uploads", isProblem: true))
        #expect(HandInFlow.availability(with: loaded([Self.essay, Self.site]), takesContent: true) == .enabled)
        let flow = try #require(HandInFlow.handIn(to: Self.course, assignments: loaded([Self.essay, Self.portfolio]), isFresh: true, home: "/", takesContent: false))
        #expect(flow.picker?.assignments == [Self.portfolio])
        let (picked, opening) = HandInFlow.handIn(to: Self.course, picked: Self.portfolio, home: "/", takesContent: false)
        #expect(opening.isEmpty && picked.prompt?.target == .assignment(Self.portfolio), "straight to the files")
        #expect(Self.essay.handInRefusal(takesContent: false) == "Essay takes no file uploads (it takes: online text entry)")
        #expect(Self.essay.handInRefusal(takesContent: true) == nil)
        let paper = Assignment(id: "4", name: "Poster", submissionTypes: ["on_paper"])
        #expect(paper.handInRefusal(takesContent: true) == "Poster takes no files, text or link (it takes: on paper)")
    }
}
