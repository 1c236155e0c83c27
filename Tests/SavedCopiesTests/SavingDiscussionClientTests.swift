import Foundation
import Testing
import CourseKit
@testable import SavedCopies
import TestSupport

/// A course's discussions and each thread read, saved for when the backend can't be reached,
/// with the replies marked read since saved read.
struct SavingDiscussionClientTests {
    let folder: ScratchFolder
    let account = SavedCopyAccount(origin: "https://school.example", user: "17")
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let course = CourseID(7)

    init() throws {
        folder = try ScratchFolder()
    }

    static let topics = [
        DiscussionTopic(id: "71", title: "Week 3 questions", messageHTML: "<p>Ask here.</p>", postedAt: now - 86_400, replyCount: 2, unreadCount: 2),
        DiscussionTopic(id: "72", title: "Reflection post", replyCount: 0, assignmentID: "9", isClosed: true),
    ]

    static let thread = [
        DiscussionEntry(id: "1", authorName: "Lan", messageHTML: "<p>Friday?</p>", isUnread: true, replies: [
            DiscussionEntry(id: "2", authorName: "Dr. Chen", messageHTML: "<p>Yes.</p>", isUnread: true),
        ]),
    ]

    @Test func theListAndEachThreadReadAreSavedAndAMarkSavesThemRead() async throws {
        defer { folder.remove() }
        let store = SavedCopyStore(directory: folder.url, clock: .fixed(Self.now))
        let account = account
        let client = DiscussionClient(topics: { _, _ in Self.topics }, thread: { _, _ in Self.thread }, markRead: { _, _, _ in })
        let saving = client.saving(to: store) { account }
        let saved = SavedCopyClient.store(store, account: account)
        #expect(saved.discussions(Self.course) == nil && saved.thread(Self.course, "71") == nil)

        #expect(try await saving.topics(Self.course, .ignored) == Self.topics)
        #expect(try await saving.thread(Self.course, "71") == Self.thread)
        try await eventually("both saved") { saved.discussions(Self.course) != nil && saved.thread(Self.course, "71") != nil }
        #expect(saved.discussions(Self.course) == Saved(value: Self.topics, savedAt: Self.now))
        #expect(saved.thread(Self.course, "71")?.value == Self.thread)
        #expect(saved.thread(Self.course, "72") == nil && saved.thread(CourseID(8), "71") == nil)

        try await saving.markRead(Self.course, "71", ["1", "2"])
        try await eventually("the marks saved") { saved.discussions(Self.course)?.value.first?.unreadCount == 0 }
        try await eventually("the thread saved read") { saved.thread(Self.course, "71")?.value.first?.isUnread == false }
        #expect(saved.thread(Self.course, "71")?.value.flatMap(\.unreadIDs) == [])
    }

    @Test func aMarkTheBackendRefusedLeavesTheSavedCopiesUnread() async throws {
        defer { folder.remove() }
        let store = SavedCopyStore(directory: folder.url, clock: .fixed(Self.now))
        let account = account
        let client = DiscussionClient(
            topics: { _, _ in Self.topics }, thread: { _, _ in Self.thread }, markRead: { _, _, _ in throw URLError(.notConnectedToInternet) }
        )
        let saving = client.saving(to: store) { account }
        let saved = SavedCopyClient.store(store, account: account)
        _ = try await saving.topics(Self.course, .ignored)
        _ = try await saving.thread(Self.course, "71")
        try await eventually("both saved") { saved.discussions(Self.course) != nil && saved.thread(Self.course, "71") != nil }
        await #expect(throws: URLError.self) { try await saving.markRead(Self.course, "71", ["1", "2"]) }
        try await Task.sleep(for: .milliseconds(100))
        #expect(saved.discussions(Self.course)?.value.first?.unreadCount == 2)
        #expect(saved.thread(Self.course, "71")?.value.flatMap(\.unreadIDs) == ["1", "2"])
    }

    @Test func aThreadsFileNameKeepsCourseAndTopicApart() throws {
        let dashed = try #require(CourseID("a-b"))
        #expect(SavedCopyKey.thread(dashed, topic: "7").fileName == "thread-7-a-b.json")
        #expect(SavedCopyKey.thread(try #require(CourseID("a")), topic: "b-7").fileName != SavedCopyKey.thread(dashed, topic: "7").fileName)
        #expect(SavedCopyKey.discussions(CourseID(7)).fileName == "discussions-7.json")
    }
}
