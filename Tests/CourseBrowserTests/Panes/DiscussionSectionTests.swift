import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The Course pane's discussions: one row each with what is unread, Enter opens the thread with
/// its unread replies marked and tells the backend they were read, and what fails says so inline.
@MainActor
struct DiscussionSectionTests {
    nonisolated static let now = Fixtures.start

    nonisolated static let topics = [
        DiscussionTopic(
            id: "71", title: "Week 3 questions", messageHTML: "<p>Ask here.</p>", authorName: "Dr. Chen", postedAt: now - 3 * 86_400,
            lastReplyAt: now - 3_600, replyCount: 3, unreadCount: 2
        ),
        DiscussionTopic(id: "72", title: "Reflection post", postedAt: now - 86_400, replyCount: 0, assignmentID: "9", isClosed: true),
    ]

    nonisolated static let thread = [
        DiscussionEntry(
            id: "1", authorName: "Lan", postedAt: now - 7_200, messageHTML: "<p>Is the lab due Friday?</p>",
            replies: [DiscussionEntry(id: "2", authorName: "Dr. Chen", postedAt: now - 3_600, messageHTML: "<p>Yes &amp; by noon.</p>", isUnread: true)]
        ),
        DiscussionEntry(id: "3", postedAt: now - 3_000, isDeleted: true),
        DiscussionEntry(id: "4", authorName: "Minh", postedAt: now - 600, messageHTML: "<p>Thanks!</p>", isUnread: true),
    ]

    struct NoNetwork: UserFacingError {
        var userMessage: String { "Can't reach school.example" }
    }

    func pane(
        thread: @escaping @Sendable (CourseID, String) async throws -> [DiscussionEntry] = { _, _ in Self.thread },
        marking markRead: @escaping @Sendable (CourseID, String, [String]) async throws -> Void = { _, _, _ in }
    ) async -> CourseDetailPane {
        var environment = Fixtures.environment()
        environment.discussions = DiscussionClient(topics: { _, _ in Self.topics }, thread: thread, markRead: markRead)
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Fixtures.swift.id))
        await settle { !pane.isAnimating }
        return pane
    }

    /// Selects the discussion titled `title` with `n`.
    func select(_ title: String, in pane: CourseDetailPane) {
        _ = pane.lines(width: 60, height: 80)
        for _ in 0..<20 where pane.state.selectedTopic?.title != title {
            _ = pane.handle(.character("n"))
        }
    }

    @Test func eachTopicIsARowWithWhatIsUnreadAndAThreadOpensWithItsUnreadRepliesMarked() async {
        let marks = Recorder<[String]>()
        let pane = await pane(marking: { course, topic, entries in
            #expect(course == Fixtures.swift.id && topic == "71")
            marks.append(entries)
        })
        let lines = pane.lines(width: 60, height: 80)
        let start = lines.firstIndex(of: " Discussions · 2") ?? lines.count
        #expect(Array(lines.dropFirst(start + 1).prefix(4)) == [
            " ● Week 3 questions",
            "       2 unread · 3 replies · " + DateText.day(Self.now - 3_600, now: Self.now),
            "   Reflection post",
            "       0 replies · graded · closed · " + DateText.day(Self.now - 86_400, now: Self.now),
        ])
        select("Week 3 questions", in: pane)
        #expect(pane.handle(.enter))
        await settle { marks.values.count == 1 }
        #expect(marks.values == [["2", "4"]], "the unread replies, in reading order")
        let opened = pane.lines(width: 60, height: 80)
        let row = opened.firstIndex(of: "   Week 3 questions") ?? 0
        let day = DateText.day(Self.now - 3_600, now: Self.now)
        let short = { (ago: TimeInterval) in DateText.short(Self.now - ago, now: Self.now) }
        let expected: [String] = [
            "       3 replies · \(day)",
            "     Dr. Chen · \(short(3 * 86_400))",
            "     Ask here.",
            "       Lan · \(short(7_200))",
            "       Is the lab due Friday?",
            "         ● Dr. Chen · \(short(3_600))",
            "         Yes & by noon.",
            "       deleted · \(short(3_000))",
            "       ● Minh · \(short(600))",
            "       Thanks!",
            "",
            "   Reflection post",
        ]
        #expect(Array(opened[(row + 1)...].prefix(12)) == expected, "the row reads as read at once; the replies keep their marks while the thread is open")
        #expect(pane.handle(.enter))
        #expect(!pane.lines(width: 60, height: 80).contains { $0.contains("Is the lab due Friday?") }, "Enter again folds it")
        #expect(pane.handle(.enter))
        await settle { !pane.isAnimating }
        #expect(marks.values.count == 1, "the thread is not read again, nor marked again")
    }

    @Test func enterOnAReplyFoldsItsThreadAndSelectsTheDiscussion() async {
        let pane = await pane()
        select("Week 3 questions", in: pane)
        #expect(pane.handle(.enter))
        await settle { pane.state.discussions.reading.threads["71"]?.entries != nil }
        _ = pane.lines(width: 60, height: 80)
        _ = pane.handle(.character("n"))
        #expect(pane.state.selectedEntry?.entry.id == "1", "a reply in the thread is selected")
        #expect(pane.handle(.enter))
        _ = pane.lines(width: 60, height: 80)
        #expect(pane.state.discussions.reading.opened.isEmpty, "the thread is folded")
        #expect(pane.state.selectedItem == DetailItem.id(ofTopic: "71"), "and its discussion selected, as the reply's line is gone")
    }

    @Test func aThreadThatFailsToLoadOrToBeMarkedSaysSoUnderItAndRTriesAgain() async {
        let reads = Recorder<String>()
        let marks = Recorder<[String]>()
        let pane = await pane(thread: { _, topic in
            reads.append(topic)
            if reads.values.count == 1 { throw DiscussionError.postFirst }
            if reads.values.count == 2 { throw NoNetwork() }
            return Self.thread
        }, marking: { _, _, entries in
            marks.append(entries)
            if marks.values.count == 1 { throw NoNetwork() }
        })
        select("Week 3 questions", in: pane)
        _ = pane.handle(.enter)
        await settle { reads.values.count == 1 && pane.state.discussions.reading.threads["71"] != nil }
        #expect(pane.lines(width: 140, height: 80).contains("     The teacher shows the replies once you have posted to this discussion yourself"))
        #expect(!pane.state.hasFailure, "nothing to retry: posting is what shows them")
        _ = pane.handle(.enter)
        #expect(pane.handle(.enter), "opened again, it asks again")
        await settle { reads.values.count == 2 && pane.state.discussions.reading.threads["71"] != nil }
        await settle { reads.values.count == 2 && pane.state.hasFailure }
        #expect(pane.lines(width: 140, height: 80).contains(" ❗ Couldn't load the replies: Can't reach school.example  [r]etry"))
        #expect(pane.handle(.character("r")))
        await settle { marks.values.count == 1 && pane.state.discussions.reading.failures["71"] != nil }
        #expect(pane.lines(width: 140, height: 80).contains(" ❗ Couldn't mark the replies read: Can't reach school.example  [r]etry"))
        #expect(pane.handle(.character("r")))
        await settle { marks.values.count == 2 && !pane.state.hasFailure }
        #expect(marks.values == [["2", "4"], ["2", "4"]])
        #expect(reads.values == ["71", "71", "71"])
    }

    @Test func anotherPaneOpensACourseOnADiscussionWhichIsSelectedAndOpened() async {
        let reads = Recorder<String>()
        var environment = Fixtures.environment()
        environment.discussions = DiscussionClient(topics: { _, _ in Self.topics }, thread: { _, topic in reads.append(topic); return Self.thread }, markRead: { _, _, _ in })
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Fixtures.swift.id, selecting: .discussion("71")))
        await settle { pane.state.discussions.reading.threads["71"]?.entries != nil && !pane.isAnimating }
        #expect(reads.values == ["71"])
        #expect(pane.state.selectedTopic?.id == "71")
        #expect(pane.lines(width: 60, height: 80).contains("       Is the lab due Friday?"), "its thread is open")
        _ = pane.handle(.enter)
        #expect(pane.state.discussions.reading.opened.isEmpty)
        pane.update(.show(Fixtures.swift.id, selecting: .discussion("71")))
        await settle { !pane.isAnimating }
        #expect(pane.state.discussions.reading.opened == ["71"], "the course on screen already opens it too, from what it has")
        pane.update(.show(Fixtures.swift.id, selecting: .discussion("99")))
        #expect(pane.state.discussions.reading.wanted == nil, "one the course doesn't have is given up")
    }

    @Test func aThreadOpenedNearTheBottomIsScrolledIntoViewItsRowKept() async {
        let pane = await pane()
        _ = pane.lines(width: 60, height: 16)
        for _ in 0..<30 where pane.state.selectedTopic?.title != "Week 3 questions" {
            _ = pane.handle(.character("n"))
        }
        let before = pane.lines(width: 60, height: 16)
        #expect(!before.contains("       Thanks!"))
        _ = pane.handle(.enter)
        await settle { pane.state.discussions.reading.threads["71"]?.entries != nil }
        let shown = pane.lines(width: 60, height: 16)
        #expect(shown.contains("   Week 3 questions") && shown.contains("       Thanks!"), "the whole thread fits under its row: \(shown)")
        let tall = await self.pane()
        _ = tall.lines(width: 60, height: 8)
        for _ in 0..<30 where tall.state.selectedTopic?.title != "Week 3 questions" {
            _ = tall.handle(.character("n"))
        }
        _ = tall.handle(.enter)
        await settle { tall.state.discussions.reading.threads["71"]?.entries != nil }
        #expect(tall.lines(width: 60, height: 8).contains("   Week 3 questions"), "a thread taller than the pane starts at its row")
    }

    @Test func offlineTheDiscussionsAndAThreadShowAsSavedSayingSoAndRLoadsThemAgain() async {
        let reads = Recorder<String>()
        var environment = Fixtures.environment()
        let savedAt = Self.now - 7_200
        environment.savedCopies = SavedCopyClient(
            courses: { _ in nil }, course: { _ in nil }, syllabus: { _ in nil }, modules: { _ in nil }, assignments: { _ in nil },
            discussions: { _ in Saved(value: Self.topics, savedAt: savedAt) },
            thread: { _, topic in topic == "71" ? Saved(value: Self.thread, savedAt: savedAt) : nil }
        )
        environment.discussions = DiscussionClient(
            topics: { _, _ in throw NoNetwork() },
            thread: { _, topic in
                reads.append(topic)
                if reads.values.count == 1 { throw NoNetwork() }
                return Self.thread
            },
            markRead: { _, _, _ in }
        )
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Fixtures.swift.id))
        await settle { !pane.isAnimating }
        #expect(pane.lines(width: 100, height: 80).contains(" ● Week 3 questions"), "the list as saved")
        pane.update(.show(Fixtures.swift.id, selecting: .discussion("71")))
        await settle { pane.state.discussions.reading.stale["71"] != nil }
        let shown = pane.lines(width: 120, height: 80)
        let when = DateText.short(savedAt, now: Self.now)
        #expect(shown.contains(" ❗ Replies as saved \(when); couldn't load them now: Can't reach school.example  [r]etry"), "\(shown)")
        #expect(shown.contains("       Is the lab due Friday?"), "the replies as last read")
        #expect(pane.state.hasFailure)
        #expect(pane.handle(.character("r")))
        await settle { reads.values.count == 2 && pane.state.discussions.reading.stale.isEmpty }
        #expect(!pane.lines(width: 120, height: 80).contains { $0.contains("Replies as saved") })
    }

    @Test func aCourseWithoutDiscussionsHasNoSection() async {
        var environment = Fixtures.environment()
        environment.discussions = .noOp
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Fixtures.swift.id))
        await settle { !pane.isAnimating }
        #expect(!pane.lines(width: 60, height: 80).contains { $0.contains("Discussions") })
        var state = CourseDetailState(size: PaneSize(width: 60, height: 80, glyphs: .unicode))
        _ = state.update(.show(Fixtures.swift.id), now: Self.now)
        _ = state.update(.loaded(\.discussions, .started(at: Self.now, keepingValue: false)), now: Self.now)
        #expect(!state.lines.contains { $0.styled(now: Self.now, glyphs: .unicode).text.contains("iscussions") }, "no row comes and goes while they load")
        _ = state.update(.loaded(\.discussions, .finished(.failure(NoNetwork()))), now: Self.now)
        #expect(state.lines.contains { $0.styled(now: Self.now, glyphs: .unicode).text.contains("Couldn't load discussions: Can't reach school.example") })
    }
}
