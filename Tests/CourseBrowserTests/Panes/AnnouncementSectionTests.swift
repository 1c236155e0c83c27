import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The Course pane's announcements: newest first after the assignments, unread ones marked,
/// Enter reads one whole and marks it read on the backend, and a mark that fails says so inline.
@MainActor
struct AnnouncementSectionTests {
    nonisolated static let now = Fixtures.start
    nonisolated static let url = URL(string: "https://school.example/courses/101/discussion_topics/31")

    nonisolated static let list = [
        Announcement(id: "30", title: "Slides are up", messageHTML: "<p>In Files.</p>", postedAt: now - 2 * 86_400, isRead: true),
        Announcement(
            id: "31", title: "Room change", messageHTML: "<p>Friday's lecture is in <strong>B-204</strong>.</p><p>Bring laptops.</p><p>The lab after it is cancelled.</p>",
            postedAt: now - 3_600, authorName: "Dr. Chen", isRead: false, htmlURL: url
        ),
    ]

    /// Why a mark did not reach the backend.
    struct NoNetwork: UserFacingError {
        var userMessage: String { "Can't reach school.example" }
    }

    func pane(marking markRead: @escaping @Sendable (CourseID, String) async throws -> Void = { _, _ in }) async -> CourseDetailPane {
        var environment = Fixtures.environment()
        environment.announcements = AnnouncementClient(announcements: { _, _ in Self.list }, markRead: markRead)
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Fixtures.swift.id))
        await settle { !pane.isAnimating }
        return pane
    }

    func trimmed(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func theSectionComesAfterTheAssignmentsOneRowEachNewestFirstWithUnreadMarked() async {
        let pane = await pane()
        let lines = pane.lines(width: 60, height: 60)
        let headings = trimmed(lines).filter { ["Assignments", "Announcements · 2", "Syllabus", "Modules · 1"].contains($0) }
        #expect(headings == ["Assignments", "Announcements · 2", "Syllabus", "Modules · 1"])
        let start = lines.firstIndex(of: " Announcements · 2") ?? lines.count
        #expect(Array(lines.dropFirst(start + 1).prefix(4)) == [
            " ● " + DateText.day(Self.now - 3_600, now: Self.now) + "  Room change",
            "   " + DateText.day(Self.now - 2 * 86_400, now: Self.now) + "  Slides are up",
            "",
            " Syllabus",
        ])
        #expect(!lines.contains { $0.contains("B-204") }, "a message shows once it is opened")
    }

    @Test func aLongTitleWrapsUnderItselfPastTheMarkAndTheDay() {
        var state = CourseDetailState(size: PaneSize(width: 30, height: 60, glyphs: .unicode))
        _ = state.update(.show(Fixtures.swift.id), now: Self.now)
        let long = Announcement(id: "1", title: "The midterm moves to the big hall", postedAt: Self.now - 60, isRead: false)
        _ = state.update(.loaded(\.announcements, .finished(.success(ShownAnnouncement.list([long])))), now: Self.now)
        let day = DateText.day(Self.now - 60, now: Self.now)
        let rows = state.lines.compactMap { $0.item }.count
        #expect(rows == 3, "fifteen columns are left for the title")
        let text = state.lines.filter { $0.item != nil }.map { $0.styled(now: Self.now, glyphs: .unicode).text }
        let hanging = String(repeating: " ", count: 2 + day.count + 2)
        #expect(text.first?.hasPrefix("● " + day + "  The midterm") == true, "\(text)")
        #expect(text.last?.hasPrefix(hanging) == true && text.last?.hasSuffix("hall") == true, "\(text)")
    }

    @Test func withoutUnicodeTheUnreadMarkIsAnAsterisk() async {
        let pane = await pane()
        let lines = pane.lines(width: 60, height: 60, glyphs: .ascii)
        #expect(lines.contains { $0.hasPrefix(" * ") && $0.hasSuffix("  Room change") })
        #expect(!lines.contains { $0.contains("●") })
    }

    @Test func enterOnTheSelectedOneReadsItWholeAndMarksItReadAtOnce() async {
        let marks = Recorder<String>()
        let gate = Gate()
        let pane = await pane { course, id in
            #expect(course == Fixtures.swift.id)
            marks.append(id)
            await gate.wait()
        }
        _ = pane.lines(width: 60, height: 60)
        #expect(pane.handle(.character("n")))
        #expect(pane.state.selectedAnnouncement?.id == "31", "the first item in the course is the newest announcement")
        #expect(pane.handle(.enter))
        let opened = pane.lines(width: 60, height: 60)
        let row = opened.firstIndex { $0.hasSuffix("  Room change") } ?? 0
        #expect(opened[row].hasPrefix("   "), "the mark goes before the backend answers")
        #expect(Array(opened[(row + 1)...].prefix(7)) == [
            "     " + DateText.short(Self.now - 3_600, now: Self.now) + " · Dr. Chen",
            "     Friday's lecture is in B-204.",
            "",
            "     Bring laptops.",
            "",
            "     The lab after it is cancelled.",
            "",
        ])
        await settle { marks.values == ["31"] }
        gate.open()
        #expect(pane.handle(.enter))
        #expect(!pane.lines(width: 60, height: 60).contains { $0.contains("The lab after it is cancelled.") }, "Enter again folds it")
        #expect(pane.handle(.enter))
        await settle { !pane.isAnimating }
        #expect(marks.values == ["31"], "one already read is not marked again")
    }

    @Test func aMarkThatFailsSaysSoUnderItAndRSendsItAgain() async {
        let attempts = Recorder<String>()
        let pane = await pane { _, id in
            attempts.append(id)
            if attempts.values.count == 1 { throw NoNetwork() }
        }
        _ = pane.lines(width: 70, height: 60)
        _ = pane.handle(.character("n"))
        _ = pane.handle(.enter)
        await settle { pane.state.announcements.reading.failures["31"] != nil }
        let failed = pane.lines(width: 70, height: 60)
        let row = failed.firstIndex(of: " ❗ Couldn't mark it read: Can't reach school.example  [r]etry") ?? 0
        #expect(failed[row - 1] == "     The lab after it is cancelled.", "the row is under the announcement it is about")
        #expect(failed[row + 1] == "")
        #expect(pane.state.hasFailure)
        #expect(pane.handle(.character("r")))
        await settle { attempts.values.count == 2 && pane.state.announcements.reading.failures.isEmpty }
        #expect(attempts.values == ["31", "31"])
        #expect(!pane.lines(width: 70, height: 60).contains { $0.contains("Couldn't mark it read") })
        #expect(!pane.state.hasFailure)
    }

    @Test func enterWithNoAnnouncementSelectedSaysWhatToDo() async {
        let pane = await pane()
        #expect(pane.state.availability(of: .read) == .disabled("Select an announcement or a discussion with j/k or n/p first"))
    }

    @Test func oAndYActOnTheSelectedAnnouncementsPage() throws {
        var state = CourseDetailState(size: PaneSize(width: 60, height: 60, glyphs: .unicode))
        _ = state.update(.show(Fixtures.swift.id), now: Self.now)
        _ = state.update(.loaded(\.announcements, .finished(.success(ShownAnnouncement.list(Self.list)))), now: Self.now)
        _ = state.update(.key(.character("n")), now: Self.now)
        let address = try #require(Self.url)
        #expect(state.update(.key(.character("y")), now: Self.now) == [.copyToClipboard(address.absoluteString)])
        #expect(state.update(.key(.character("o")), now: Self.now) == [.openInBrowser(WebPage(title: "Room change", url: address))])
        #expect(state.update(.key(.enter), now: Self.now) == [.markRead("31")])
    }

    @Test func openingOneAlreadyReadAsksTheBackendNothing() {
        var state = CourseDetailState(size: PaneSize(width: 60, height: 60, glyphs: .unicode))
        _ = state.update(.show(Fixtures.swift.id), now: Self.now)
        _ = state.update(.loaded(\.announcements, .finished(.success(ShownAnnouncement.list(Self.list)))), now: Self.now)
        _ = state.update(.key(.character("n")), now: Self.now)
        _ = state.update(.key(.character("n")), now: Self.now)
        #expect(state.selectedAnnouncement?.id == "30")
        #expect(state.update(.key(.enter), now: Self.now) == [], "it was read before")
        #expect(state.announcements.reading.opened == ["30"], "it still opens")
    }

    @Test func aMarkAnsweredForACourseNoLongerShownIsDropped() {
        var state = CourseDetailState(size: PaneSize(width: 60, height: 60, glyphs: .unicode))
        _ = state.update(.show(Fixtures.swift.id), now: Self.now)
        _ = state.update(.markedRead("31", course: Fixtures.japanese.id, failure: NoNetwork()), now: Self.now)
        #expect(state.announcements.reading.failures.isEmpty)
        #expect(!state.hasFailure)
    }

    @Test func aListThatArrivesAfterTheMarkStillShowsItRead() {
        var state = CourseDetailState(size: PaneSize(width: 60, height: 60, glyphs: .unicode))
        _ = state.update(.show(Fixtures.swift.id), now: Self.now)
        _ = state.update(.loaded(\.announcements, .restored(ShownAnnouncement.list(Self.list), savedAt: Self.now - 600)), now: Self.now)
        _ = state.update(.key(.character("n")), now: Self.now)
        _ = state.update(.key(.enter), now: Self.now)
        _ = state.update(.loaded(\.announcements, .finished(.success(ShownAnnouncement.list(Self.list)))), now: Self.now)
        #expect(state.announcements.load.value?.map(\.announcement.isRead) == [true, true])
    }

    @Test func theSavedCopyShowsFirstAndAFailedLoadHasItsOwnRetryRow() async {
        let gate = Gate()
        let calls = Recorder<Int>()
        var environment = Fixtures.environment()
        var saved = SavedCopyClient.none
        saved.announcements = { _ in Saved(value: [Announcement(id: "9", title: "Saved news", postedAt: Self.now - 86_400)], savedAt: Self.now - 7_200) }
        environment.savedCopies = saved
        environment.announcements = AnnouncementClient(announcements: { _, _ in
            calls.append(1)
            await gate.wait()
            if calls.values.count == 1 { throw NoNetwork() }
            return Self.list
        }, markRead: { _, _ in })
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Fixtures.swift.id))
        let first = pane.lines(width: 70, height: 60)
        #expect(first[0].hasPrefix(" Saved 2 h ago"))
        #expect(first.contains { $0.hasPrefix(" ● ") && $0.hasSuffix("  Saved news") })
        gate.open()
        await settle { !pane.isAnimating && pane.state.hasFailure }
        #expect(pane.lines(width: 70, height: 60).contains { $0.hasSuffix("  Saved news") }, "a failed refresh keeps the copy")
        #expect(pane.handle(.character("r")))
        await settle { pane.lines(width: 70, height: 60).contains { $0.hasPrefix(" ● ") && $0.hasSuffix("  Room change") } }
        #expect(!pane.lines(width: 70, height: 60).contains { $0.contains("Saved news") })
        #expect(!pane.state.hasFailure)
    }

    @Test func aSectionThatCannotLoadSaysSoInItsOwnRow() async {
        var environment = Fixtures.environment()
        environment.announcements = AnnouncementClient(announcements: { _, _ in throw NoNetwork() }, markRead: { _, _ in })
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Fixtures.swift.id))
        await settle { !pane.isAnimating }
        let lines = pane.lines(width: 80, height: 60)
        #expect(lines.contains { $0.hasPrefix(" ❗ Couldn't load announcements: Can't reach school.example  [r]etry") })
        #expect(lines.contains { $0.hasPrefix(" Welcome") }, "the syllabus still shows")
    }

    @Test func aCourseWithNoneHasNoSection() async {
        let pane = CourseDetailPane(environment: Fixtures.environment())
        pane.update(.show(Fixtures.swift.id))
        await settle { !pane.isAnimating }
        let lines = pane.lines(width: 80, height: 60)
        #expect(!lines.contains { $0.contains("Announcements") })
        let assignments = lines.firstIndex(of: " Assignments") ?? 0
        #expect(Array(lines[(assignments + 1)...].prefix(3)) == [" This course has no assignments.", "", " Syllabus"])
    }
}
