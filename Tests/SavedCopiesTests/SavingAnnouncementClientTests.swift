import Foundation
import Testing
import CourseKit
@testable import SavedCopies
import TestSupport

/// A course's announcements saved for when the backend can't be reached, with those marked
/// read since saved read.
struct SavingAnnouncementClientTests {
    let folder: ScratchFolder
    let account = SavedCopyAccount(origin: "https://school.example", user: "17")
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let course = CourseID(7)

    init() throws {
        folder = try ScratchFolder()
    }

    static let list = [
        Announcement(id: "31", title: "Room change", messageHTML: "<p>B-204</p>", postedAt: now - 3_600, authorName: "Dr. Chen",
                     isRead: false, htmlURL: URL(string: "https://school.example/courses/7/discussion_topics/31")),
        Announcement(id: "30", title: "Slides", postedAt: now - 86_400, isRead: true),
    ]

    @Test func eachCoursesListIsSavedAndReadBackAsItWas() async throws {
        defer { folder.remove() }
        let store = SavedCopyStore(directory: folder.url, clock: .fixed(Self.now))
        let account = account
        let client = AnnouncementClient(announcements: { id, _ in id == Self.course ? Self.list : [] }, markRead: { _, _ in })
        let saving = client.saving(to: store) { account }
        let saved = SavedCopyClient.store(store, account: account)
        #expect(saved.announcements(Self.course) == nil)

        #expect(try await saving.announcements(Self.course, .ignored) == Self.list)
        _ = try await saving.announcements(CourseID(8), .ignored)
        try await eventually("both courses saved") { saved.announcements(CourseID(8)) != nil }
        #expect(saved.announcements(Self.course) == Saved(value: Self.list, savedAt: Self.now))
        #expect(saved.announcements(CourseID(8))?.value == [])
    }

    @Test func oneMarkedReadIsSavedReadSoAStartOfflineDoesNotShowItUnread() async throws {
        defer { folder.remove() }
        let store = SavedCopyStore(directory: folder.url, clock: .fixed(Self.now))
        let account = account
        let marks = Recorder<String>()
        let client = AnnouncementClient(announcements: { _, _ in Self.list }, markRead: { _, id in marks.append(id) })
        let saving = client.saving(to: store) { account }
        let saved = SavedCopyClient.store(store, account: account)
        _ = try await saving.announcements(Self.course, .ignored)
        try await saving.markRead(Self.course, "31")
        #expect(marks.values == ["31"])
        try await eventually("the mark saved") { saved.announcements(Self.course)?.value.first?.isRead == true }
        #expect(saved.announcements(Self.course)?.value.map(\.isRead) == [true, true])
    }

    @Test func aMarkTheBackendRefusedLeavesTheSavedCopyUnread() async throws {
        defer { folder.remove() }
        let store = SavedCopyStore(directory: folder.url, clock: .fixed(Self.now))
        let account = account
        let client = AnnouncementClient(announcements: { _, _ in Self.list }, markRead: { _, _ in throw URLError(.notConnectedToInternet) })
        let saving = client.saving(to: store) { account }
        let saved = SavedCopyClient.store(store, account: account)
        _ = try await saving.announcements(Self.course, .ignored)
        try await eventually("the list saved") { saved.announcements(Self.course) != nil }
        await #expect(throws: URLError.self) { try await saving.markRead(Self.course, "31") }
        try await Task.sleep(for: .milliseconds(100))
        #expect(saved.announcements(Self.course)?.value.first?.isRead == false)
    }
}
