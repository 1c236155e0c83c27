import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// `x` in the Due pane: the row is ticked done at once and says `sending` until the queue has
/// sent it, sinks to the bottom of its day (a missing one leaves Missing), goes back where the
/// queue gives up, and lets go once the planner says the same. Where the backend keeps no marks, `x` says why.
@MainActor
struct DueMarkTests {
    let now = Fixtures.start
    let day = PlannerFixtures.day
    let hour = PlannerFixtures.hour

    /// A state with `items` loaded and `title` selected, on a backend that refuses marks for `refusal`.
    func state(_ items: [PlannerItem] = PlannerFixtures.week, selecting title: String, refusal: String? = nil) -> DueState {
        var state = DueState(home: "/home/an", plannerMarkRefusal: refusal)
        _ = state.update(.resize(PaneSize(width: 80, height: 14, glyphs: .unicode)), now: now)
        _ = state.update(.start, now: now)
        _ = state.update(.planner(.started(at: now, keepingValue: false)), now: now)
        _ = state.update(.planner(.finished(.success(items))), now: now)
        while state.selectedItem?.title != title, state.selection != state.groups.items.count - 1 {
            _ = state.update(.key(.down), now: now)
        }
        return state
    }

    func text(_ state: DueState) -> [String] {
        var grid = Grid(width: 80, height: 14, glyphs: .unicode)
        state.draw(into: &grid, rect: Rect(x: 0, y: 0, width: 80, height: 14), focused: true, now: now)
        return grid.lines
    }

    func job(_ id: String, _ state: UploadJob.State) -> UploadJob {
        var job = UploadJob(id: id, courseID: Fixtures.swift.id, files: [], backend: "canvas", queuedAt: now, state: state)
        job.plannerMark = .init(itemID: "assignment:5001", title: "Essay: why Swift", isDone: true)
        return job
    }

    @Test func xTicksTheRowAtOnceAndQueuesTheMark() throws {
        var state = state(selecting: "Essay: why Swift")
        let item = try #require(state.selectedItem)
        #expect(state.update(.key(.character("x")), now: now) == [.mark(item, done: true)])
        let lines = text(state)
        #expect(!lines.contains { $0.contains("Missing") }, "ticked done, it is not missing: \(lines)")
        #expect(lines.contains { $0.contains("Essay: why Swift") && $0.contains("done") && $0.contains("sending") }, "\(lines)")
        #expect(state.notice?.text == "Marked done: Essay: why Swift")
        #expect(state.availability(of: .markDone) == .disabled("Essay: why Swift is being queued"), "one mark at a time until it is queued")
    }

    /// A row's `sending` takes room from its title: where that cuts the title, the selected row
    /// is spelled out whole under the list, as for any row cut short.
    @Test func aNoteThatCutsTheTitleShowsTheRowWhole() throws {
        var state = state(selecting: "Essay: why Swift")
        _ = state.update(.key(.character("x")), now: now)
        let item = try #require(state.selectedItem)
        let note = try #require(state.rowNote(for: item))
        let day = DueDay(of: item, now: now)
        let width = try #require((20...80).first { width in
            !DueRow.isCut(item, day: day, width: width, glyphs: .unicode, now: now)
                && DueRow.isCut(item, day: day, width: width, glyphs: .unicode, now: now, note: note)
        }, "a width where only the note cuts the title")
        #expect(state.selectedWholeLines(width: width, glyphs: .unicode, now: now).first?.text.hasPrefix("› Essay: why Swift") == true)
    }

    @Test func aDoneRowSinksToTheBottomOfItsDay() {
        let items = [
            PlannerFixtures.assignment(1, "Early lab", in: 2 * hour),
            PlannerFixtures.assignment(2, "Late lab", in: 5 * hour),
        ]
        var state = state(items, selecting: "Early lab")
        #expect(state.groups.items.map(\.title) == ["Early lab", "Late lab"])
        _ = state.update(.key(.character("x")), now: now)
        #expect(state.groups.items.map(\.title) == ["Late lab", "Early lab"])
        #expect(state.selectedItem?.title == "Late lab", "the selection stays in place, for the next x")
    }

    @Test func sendingStopsSayingSoOnceTheQueueHasSentIt() {
        var state = state(selecting: "Essay: why Swift")
        _ = state.update(.key(.character("x")), now: now)
        _ = state.update(.markQueued(itemID: "assignment:5001", job: "job-1", problem: nil), now: now)
        _ = state.update(.uploadChanged(.updated(job("job-1", .waiting(until: now + 60, reason: "Can't reach school.test")))), now: now)
        #expect(text(state).contains { $0.contains("Essay: why Swift") && $0.contains("sending") }, "offline, it waits in the queue")
        _ = state.update(.uploadChanged(.updated(job("job-1", .done))), now: now)
        let lines = text(state)
        #expect(lines.contains { $0.contains("Essay: why Swift") && $0.contains("done") && !$0.contains("sending") }, "\(lines)")
    }

    @Test func aMarkTheQueueGaveUpOnPutsTheRowBackAndSaysSo() {
        var state = state(selecting: "Essay: why Swift")
        _ = state.update(.key(.character("x")), now: now)
        _ = state.update(.markQueued(itemID: "assignment:5001", job: "job-1", problem: nil), now: now)
        _ = state.update(.uploadChanged(.updated(job("job-1", .failed(reason: "Canvas refused")))), now: now)
        let lines = text(state)
        #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("Missing") }, "back in Missing: \(lines)")
        #expect(lines.contains { $0.contains("Essay: why Swift") && $0.contains("mark not sent") }, "\(lines)")
    }

    @Test func aMarkThatCouldNotBeQueuedIsUndone() {
        var state = state(selecting: "Essay: why Swift")
        _ = state.update(.key(.character("x")), now: now)
        _ = state.update(.markQueued(itemID: "assignment:5001", job: nil, problem: "the queue's folder is read-only"), now: now)
        #expect(state.marks.isEmpty)
        #expect(state.notice?.text == "Couldn't queue the mark: the queue's folder is read-only")
        #expect(state.groups.items.first?.title == "Essay: why Swift", "back in Missing, first")
    }

    @Test func xAgainMarksItNotDone() throws {
        var state = state(selecting: "Quiz prep")
        _ = state.update(.key(.character("x")), now: now)
        _ = state.update(.markQueued(itemID: "assignment:5002", job: "job-2", problem: nil), now: now)
        for _ in 0..<10 where state.selectedItem?.title != "Quiz prep" { _ = state.update(.key(.up), now: now) }
        #expect(try #require(state.selectedItem).isMarkedComplete)
        let quiz = try #require(PlannerFixtures.week.first { $0.title == "Quiz prep" })
        #expect(state.update(.key(.character("x")), now: now) == [.mark(quiz, done: false)])
        #expect(try #require(state.selectedItem).isMarkedComplete == false)
    }

    @Test func aSentMarkIsLetGoOnceThePlannerSaysTheSameAndKeptWhileItDoesNot() {
        var state = state(selecting: "Quiz prep")
        _ = state.update(.key(.character("x")), now: now)
        _ = state.update(.markQueued(itemID: "assignment:5002", job: "job-2", problem: nil), now: now)
        var sent = job("job-2", .done)
        sent.plannerMark?.itemID = "assignment:5002"
        _ = state.update(.uploadChanged(.updated(sent)), now: now)
        _ = state.update(.planner(.finished(.success(PlannerFixtures.week))), now: now)
        #expect(state.marks["assignment:5002"] != nil, "a saved copy or a slow planner still says not done: the row keeps the mark")
        var marked = PlannerFixtures.week
        marked[2].isMarkedComplete = true
        _ = state.update(.planner(.finished(.success(marked))), now: now)
        #expect(state.marks.isEmpty, "the planner has it now")
        #expect(state.groups.items.first { $0.title == "Quiz prep" }?.isMarkedComplete == true)
    }

    @Test func whereTheBackendKeepsNoMarksXSaysWhy() {
        var state = state(selecting: "Lab 3: closures", refusal: "Done marks and to-dos are kept by Canvas's planner; the catalog has none")
        #expect(state.update(.key(.character("x")), now: now).isEmpty)
        #expect(state.notice?.text == "Done marks and to-dos are kept by Canvas's planner; the catalog has none")
    }

    @Test func aKindCanvasCantMarkIsRefused() {
        let odd = PlannerItem(id: "hologram_lecture:4", kind: .other("hologram_lecture"), title: "Virtual visit", courseID: Fixtures.swift.id, date: now + hour)
        let state = state([odd], selecting: "Virtual visit")
        #expect(state.availability(of: .markDone) == .disabled("Canvas can't mark Virtual visit done"))
    }
}
