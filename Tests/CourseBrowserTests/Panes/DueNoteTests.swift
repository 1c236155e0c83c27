import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// To-dos of one's own in the Due pane: `a` asks a title and a day and lists the to-do at once,
/// `e` changes one, `d` removes one after a y; each goes through the queue.
@MainActor
struct DueNoteTests {
    let now = Fixtures.start
    let day = PlannerFixtures.day

    func state(selecting title: String? = nil, refusal: String? = nil) -> DueState {
        var state = DueState(home: "/home/an", plannerMarkRefusal: refusal)
        _ = state.update(.resize(PaneSize(width: 80, height: 16, glyphs: .unicode)), now: now)
        _ = state.update(.start, now: now)
        _ = state.update(.planner(.started(at: now, keepingValue: false)), now: now)
        _ = state.update(.planner(.finished(.success(PlannerFixtures.week))), now: now)
        for _ in 0..<10 where title != nil && state.selectedItem?.title != title {
            _ = state.update(.key(.down), now: now)
        }
        return state
    }

    func type(_ text: String, into state: inout DueState) -> [DueState.Effect] {
        for character in text {
            _ = state.update(.key(.character(character)), now: now)
        }
        return state.update(.key(.enter), now: now)
    }

    func text(_ state: DueState) -> [String] {
        var grid = Grid(width: 80, height: 16, glyphs: .unicode)
        state.draw(into: &grid, rect: Rect(x: 0, y: 0, width: 80, height: 16), focused: true, now: now)
        return grid.lines.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func aNewToDoIsForTheSelectedRowsCourseAndTabChoosesAnotherOrNone() throws {
        var state = state(selecting: "Lab 3: closures")
        _ = state.update(.key(.character("a")), now: now)
        _ = type("Ôn tập", into: &state)
        _ = type("", into: &state)
        #expect(text(state).first?.hasPrefix("Details (optional), for SWIFT-101:") == true, "\(text(state))")
        #expect(text(state).contains { $0.contains("Tab: another course, or none") })
        let courses = state.notePrompt?.courses ?? []
        #expect(courses.first?.id == Fixtures.swift.id)
        var none = state
        for _ in courses {
            _ = none.update(.key(.tab), now: now)
        }
        #expect(text(none).first?.hasPrefix("Details (optional), for no course:") == true, "after the last course, none")
        var back = none
        _ = back.update(.key(.backTab), now: now)
        #expect(back.notePrompt?.chosenCourse == courses.last, "Shift-Tab goes back")
        guard case let .note(forCourse, _)? = type("", into: &state).first else { Issue.record("nothing queued"); return }
        #expect(forCourse.courseID == Fixtures.swift.id)
        guard case let .note(forNone, _)? = type("", into: &none).first else { Issue.record("nothing queued"); return }
        #expect(forNone.courseID == nil)
    }

    @Test func aAsksATitleThenADayAndListsTheToDoAtOnce() throws {
        var state = state()
        _ = state.update(.key(.character("a")), now: now)
        #expect(state.isTyping)
        #expect(text(state).first?.hasPrefix("New to-do:") == true, "\(text(state))")
        #expect(type("", into: &state).isEmpty)
        #expect(text(state).contains { $0.contains("A to-do needs a title") })
        _ = type("Đọc chương 3", into: &state)
        #expect(text(state).first?.hasPrefix("Day for “Đọc chương 3”:") == true)
        #expect(type("someday", into: &state).isEmpty)
        #expect(text(state).contains { $0.contains("Type a day") })
        for _ in 0..<7 { _ = state.update(.key(.backspace), now: now) }
        #expect(type("tomorrow", into: &state).isEmpty)
        #expect(text(state).first?.hasPrefix("Details (optional), for ") == true, "\(text(state))")
        let effects = type("trang 40–60", into: &state)
        let effect = try #require(effects.first)
        guard case let .note(note, token) = effect else { Issue.record("\(effects)"); return }
        #expect(note.action == .add && note.title == "Đọc chương 3" && note.noteID == nil && note.details == "trang 40–60")
        #expect(LocalTime(note.date).day == LocalTime(now + day).day && LocalTime(note.date).hour == 23)
        #expect(!state.isTyping)
        #expect(state.notice?.text == "Added the to-do “Đọc chương 3”")
        #expect(text(state).contains { $0.contains("N Đọc chương 3") && $0.contains("sending") }, "\(text(state))")

        _ = state.update(.noteQueued(token: token, job: "job-1", problem: nil), now: now)
        var sent = UploadJob(id: "job-1", courseID: UploadJob.plannerCourse, files: [], backend: "canvas", queuedAt: now, state: .done)
        sent.plannerNote = note
        #expect(state.update(.uploadChanged(.updated(sent)), now: now) == [.reload(keepingValue: true)], "the planner is read again to list it")
        _ = state.update(.planner(.finished(.success(PlannerFixtures.week))), now: now)
        #expect(state.noteChanges.isEmpty)
    }

    @Test func eChangesTheSelectedToDoAndDRemovesItAfterAY() throws {
        var state = state(selecting: "Buy lab goggles")
        _ = state.update(.key(.character("e")), now: now)
        #expect(text(state).first?.hasPrefix("To-do: Buy lab goggles") == true, "\(text(state))")
        _ = state.update(.key(.character("!")), now: now)
        _ = state.update(.key(.enter), now: now)
        let effects = type("", into: &state)
        guard case let .note(edit, _)? = effects.first else { Issue.record("\(effects)"); return }
        #expect(edit.action == .edit && edit.noteID == "7" && edit.title == "Buy lab goggles!")
        #expect(LocalTime(edit.date).day == LocalTime(now + day).day, "the day it had stays when Enter takes it")
        #expect(state.availability(of: .removeNote) == .disabled("Buy lab goggles! is being sent"))
    }

    @Test func dAsksFirstAndNOrEscLeavesTheToDo() throws {
        var state = state(selecting: "Buy lab goggles")
        _ = state.update(.key(.character("d")), now: now)
        #expect(text(state).first == "Remove the to-do “Buy lab goggles”? y/n")
        #expect(state.update(.key(.character("n")), now: now).isEmpty)
        #expect(!state.isTyping)
        _ = state.update(.key(.character("d")), now: now)
        let effects = state.update(.key(.character("y")), now: now)
        guard case let .note(removal, _)? = effects.first else { Issue.record("\(effects)"); return }
        #expect(removal.action == .delete && removal.noteID == "7")
        #expect(!state.groups.items.contains { $0.title == "Buy lab goggles" }, "gone from the list at once")
    }

    @Test func eAndDWantANoteOfOnesOwnAndCatalogsSayWhy() {
        let assignment = state(selecting: "Lab 3: closures")
        #expect(assignment.availability(of: .editNote) == .disabled("Select a to-do of your own (a note) first"))
        #expect(assignment.availability(of: .removeNote) == .disabled("Select a to-do of your own (a note) first"))
        let catalog = state(refusal: "Done marks and to-dos are kept by Canvas's planner; the catalog has none")
        #expect(catalog.availability(of: .addNote) == .disabled("Done marks and to-dos are kept by Canvas's planner; the catalog has none"))
    }

    @Test(arguments: [
        ("today", 0), ("", 0), ("tomorrow", 1), ("+3", 3), ("TOMORROW", 1),
    ])
    func daysAreCountedFromToday(text: String, days: Int) throws {
        let date = try #require(NoteDate.parse(text, now: now))
        let expected = LocalTime(now + Double(days) * day)
        #expect((LocalTime(date).year, LocalTime(date).month, LocalTime(date).day) == (expected.year, expected.month, expected.day))
        #expect((LocalTime(date).hour, LocalTime(date).minute) == (23, 59))
    }

    @Test func weekdaysAndDatesAreReadAndNonsenseIsNot() throws {
        let friday = try #require(NoteDate.parse("fri", now: now))
        #expect(LocalTime(friday).weekday == 6)
        #expect(friday > now && friday < now + 7 * day)
        #expect(LocalTime(try #require(NoteDate.parse("2026-12-10", now: now))).dateText == "2026-12-10")
        #expect(NoteDate.parse("2026-02-31", now: now) == nil, "no such day")
        #expect(NoteDate.parse("someday", now: now) == nil)
        #expect(NoteDate.parse("+99999", now: now) == nil)
    }
}
