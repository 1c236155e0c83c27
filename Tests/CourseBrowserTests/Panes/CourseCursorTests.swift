import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport
import HTMLText

/// One cursor in the Course pane: ↑↓ and j k move the selection from item to item and the view
/// follows it; where text stands between two items, they scroll that text a line at a time.
@MainActor
struct CourseCursorTests {
    nonisolated static let now = Fixtures.start

    /// Twelve announcements, newest first; the fourth has a message of `paragraphs` lines.
    static func announcements(paragraphs: Int = 3) -> [Announcement] {
        (1...12).map { index in
            let message = (1...paragraphs).map { "<p>Line \($0) of notice \(index).</p>" }.joined()
            return Announcement(id: "\(index)", title: "Notice \(index)", messageHTML: message, postedAt: now - Double(index) * 3_600, isRead: true)
        }
    }

    static func state(height: Int, announcements: [Announcement] = announcements()) -> CourseDetailState {
        var state = CourseDetailState(size: PaneSize(width: 50, height: height, glyphs: .unicode))
        _ = state.update(.show(Fixtures.swift.id), now: now)
        _ = state.update(.loaded(\.announcements, .finished(.success(ShownAnnouncement.list(announcements)))), now: now)
        return state
    }

    static func press(_ key: Key, _ times: Int = 1, in state: inout CourseDetailState) {
        for _ in 0..<times { _ = state.update(.key(key), now: now) }
    }

    /// The content lines on screen, as drawn.
    static func screen(_ state: CourseDetailState) -> [String] {
        state.lines.indices.dropFirst(state.scroll).prefix(state.contentHeight).map { state.lines[$0].styled(now: now, glyphs: .unicode).text }
    }

    /// The selected item's title, as the tests name them.
    /// Notice `index`'s row, its day as the user's clock reads it.
    static func row(_ index: Int) -> String {
        "  " + DateText.day(now - Double(index) * 3_600, now: now) + "  Notice \(index)"
    }

    static func selected(_ state: CourseDetailState) -> String? {
        state.selectedDetailItem?.title
    }

    @Test func jSelectsItemByItemAndTheViewFollowsDownAndBackUp() {
        var state = Self.state(height: 8)
        #expect(Self.selected(state) == nil)
        Self.press(.character("j"), in: &state)
        #expect(Self.selected(state) == "Notice 1", "the first item on screen")
        Self.press(.character("j"), 4, in: &state)
        #expect(Self.selected(state) == "Notice 5")
        #expect(Self.screen(state).last == Self.row(5), "the view follows the selection down")
        Self.press(.down, 7, in: &state)
        #expect(Self.selected(state) == "Notice 12")
        #expect(Self.screen(state).contains(Self.row(12)))
        Self.press(.character("k"), 11, in: &state)
        #expect(Self.selected(state) == "Notice 1")
        #expect(Self.screen(state).contains(Self.row(1)), "and back up")
        Self.press(.up, in: &state)
        #expect(Self.selected(state) == "Notice 1", "nothing above the first item to move to")
    }

    @Test func aLongMessageBetweenTwoItemsScrollsALineAtATimeBothWays() throws {
        var state = Self.state(height: 8, announcements: Self.announcements(paragraphs: 20))
        Self.press(.character("j"), 2, in: &state)
        _ = state.update(.key(.enter), now: Self.now)
        let body = state.lines.indices.map { state.lines[$0].styled(now: Self.now, glyphs: .unicode).text }.filter { $0.contains("of notice 2.") }
        #expect(body.count == 20, "Notice 2 is open")
        var seen: Set<String> = []
        var tops: [Int] = []
        while Self.selected(state) == "Notice 2" {
            seen.formUnion(Self.screen(state))
            tops.append(state.scroll)
            Self.press(.character("j"), in: &state)
            try #require(tops.count < 80)
        }
        #expect(Self.selected(state) == "Notice 3")
        #expect(zip(tops, tops.dropFirst()).allSatisfy { $1 == $0 + 1 }, "one line a key: \(tops)")
        #expect(body.allSatisfy(seen.contains), "every line of the message was on screen on the way")
        Self.press(.character("k"), in: &state)
        #expect(Self.selected(state) == "Notice 2", "its last lines show, so k selects it where it is")
        let top = state.scroll
        Self.press(.character("k"), in: &state)
        #expect(state.scroll == top - 1, "reading the message upward, a line at a time")
        #expect(Self.selected(state) == "Notice 2")
    }

    @Test func withNoItemJScrollsTheTextAndASelectionScrolledAwayIsLetGo() {
        var state = Self.state(height: 6, announcements: Array(Self.announcements().prefix(1)))
        _ = state.update(.loaded(\.syllabus, .finished(.success(SyllabusBlocks(HTMLText.blocks(from: (1...30).map { "<p>Week \($0).</p>" }.joined()))))), now: Self.now)
        Self.press(.character("j"), in: &state)
        #expect(Self.selected(state) == "Notice 1")
        var tops = [state.scroll]
        while Self.selected(state) != nil, tops.count < 20 {
            Self.press(.character("j"), in: &state)
            tops.append(state.scroll)
        }
        #expect(zip(tops, tops.dropFirst()).allSatisfy { $1 == $0 + 1 }, "\(tops)")
        #expect(Self.selected(state) == nil, "Notice 1 left the screen, and the selection with it")
        #expect(state.availability(of: .read) == .disabled("Select an announcement or a discussion with j/k or n/p first"))
        let scrolled = state.scroll
        Self.press(.character("j"), in: &state)
        #expect(state.scroll == scrolled + 1, "the syllabus scrolls on")
        Self.press(.character("k"), 2, in: &state)
        #expect(state.scroll == scrolled - 1)
    }

    @Test func nStillJumpsToTheNextItemHoweverFar() {
        var state = Self.state(height: 8, announcements: Self.announcements(paragraphs: 20))
        Self.press(.character("j"), 2, in: &state)
        _ = state.update(.key(.enter), now: Self.now)
        Self.press(.character("n"), in: &state)
        #expect(Self.selected(state) == "Notice 3", "past the open message in one key")
    }
}
