import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The Due pane shows its saved copy at once, refreshes behind what it shows, says when a
/// refresh failed, counts what is missing in its title and regroups as time passes.
@MainActor
struct DuePaneRefreshTests {
    let now = Fixtures.start, hour = PlannerFixtures.hour, day = PlannerFixtures.day

    /// Canvas can't be reached.
    struct Unreachable: UserFacingError, TransientError {
        var userMessage: String { "Can't reach school.test" }
        var isTransient: Bool { true }
    }

    /// A planner that answers what `answer` holds at the time it is asked, after `gate` opens if one is set, and counts its calls.
    final class Planner: Sendable {
        let answer: Shared<Result<[PlannerItem], Unreachable>>
        let gate = Shared<Gate?>(nil)
        let calls = Shared(0)

        init(_ items: [PlannerItem]) {
            answer = Shared(.success(items))
        }

        var client: PlannerClient {
            PlannerClient { _, _, _ in
                self.calls.modify { $0 += 1 }
                await self.gate.value?.wait()
                return try self.answer.value.get()
            }
        }
    }

    func pane(_ planner: Planner, saved: Saved<[PlannerItem]>? = nil, clock: WallClock = Fixtures.clock) -> DuePane {
        var environment = Fixtures.environment()
        environment.clock = clock
        environment.planner = planner.client
        environment.savedCopies.planner = { saved }
        let pane = DuePane(environment: environment)
        pane.start()
        return pane
    }

    func render(_ pane: DuePane) -> [String] {
        pane.lines(width: 80, height: 14)
    }

    func shows(_ pane: DuePane, _ text: String) -> Bool {
        render(pane).contains { $0.contains(text) }
    }

    @Test func theSavedCopyShowsAtOnceWithItsAgeAndTheAnswerReplacesItInPlace() async {
        let planner = Planner([PlannerFixtures.assignment(2, "Fresh lab", in: day)])
        let gate = Gate()
        planner.gate.value = gate
        let saved = Saved(value: [PlannerFixtures.assignment(1, "Saved lab", in: day)], savedAt: now.addingTimeInterval(-2 * hour))
        let pane = pane(planner, saved: saved)
        #expect(shows(pane, "Saved lab"))
        #expect(shows(pane, "Saved 2 h ago · refreshing…"))
        #expect(!pane.isAnimating, "no spinner over the saved copy")
        gate.open()
        await settle { self.shows(pane, "Fresh lab") }
        #expect(!shows(pane, "Saved lab"))
        #expect(!shows(pane, "Saved 2 h ago"))
    }

    @Test func aSavedCopyStaysWhenThePlannerFailsAndItsRowSaysWhy() async {
        let planner = Planner([])
        planner.answer.value = .failure(Unreachable())
        let saved = Saved(value: [PlannerFixtures.assignment(1, "Saved lab", in: day)], savedAt: now.addingTimeInterval(-2 * hour))
        let pane = pane(planner, saved: saved)
        await settle { self.shows(pane, "Couldn't refresh") }
        #expect(shows(pane, "Saved lab"))
        #expect(shows(pane, "❗ Couldn't refresh (Can't reach school.test) — showing what was saved 2 h ago"))
        #expect(shows(pane, "[r]etry"))
    }

    @Test func aSavedCopyLeavesOutWhatTheWindowHasLeft() async {
        let planner = Planner([])
        planner.gate.value = Gate()
        let old = PlannerFixtures.assignment(1, "Long gone", in: -20 * day)
        let saved = Saved(value: [old, PlannerFixtures.assignment(2, "Still here", in: -day)], savedAt: now.addingTimeInterval(-day))
        let pane = pane(planner, saved: saved)
        #expect(shows(pane, "Still here"))
        #expect(!shows(pane, "Long gone"))
    }

    @Test func aRefreshReplacesTheItemsInPlaceWithoutASpinnerKeepingTheSelection() async {
        let planner = Planner([PlannerFixtures.assignment(1, "Lab 1", in: day), PlannerFixtures.assignment(2, "Lab 2", in: 2 * day)])
        let pane = pane(planner)
        await settle { self.shows(pane, "Lab 2") }
        pane.update(.key(.down))
        #expect(pane.state.selectedItem?.title == "Lab 2")
        let gate = Gate()
        planner.gate.value = gate
        planner.answer.value = .success([
            PlannerFixtures.assignment(1, "Lab 1", in: day), PlannerFixtures.assignment(2, "Lab 2", in: 2 * day),
            PlannerFixtures.assignment(3, "Lab 3", in: 3 * day),
        ])
        let before = render(pane)
        pane.update(.refresh)
        #expect(render(pane) == before, "nothing moves while the refresh is on its way")
        #expect(!pane.isAnimating)
        gate.open()
        await settle { self.shows(pane, "Lab 3") }
        #expect(pane.state.selectedItem?.title == "Lab 2")
        #expect(planner.calls.value == 2)
    }

    @Test func aRefreshAlreadyOnItsWayIsNotStartedAgain() async {
        let planner = Planner([PlannerFixtures.assignment(1, "Lab 1", in: day)])
        let pane = pane(planner)
        await settle { self.shows(pane, "Lab 1") }
        let gate = Gate()
        planner.gate.value = gate
        pane.update(.refresh)
        pane.update(.refresh)
        pane.update(.refresh)
        await settle { planner.calls.value == 2 }
        gate.open()
        await settle { !pane.state.planner.isRefreshing }
        #expect(planner.calls.value == 2)
    }

    @Test func aFailedRefreshKeepsWhatIsShownAndSaysWhenAndWhy() async {
        let planner = Planner([PlannerFixtures.assignment(1, "Lab 1", in: day)])
        let pane = pane(planner)
        await settle { self.shows(pane, "Lab 1") }
        planner.answer.value = .failure(Unreachable())
        pane.update(.refresh)
        await settle { self.shows(pane, "Couldn't refresh") }
        #expect(shows(pane, "Lab 1"))
        #expect(shows(pane, "❗ Couldn't refresh at \(LocalTime(now).clockText): Can't reach school.test  [r]etry"))
        planner.answer.value = .success([PlannerFixtures.assignment(1, "Lab 1", in: day)])
        pane.update(.refresh)
        await settle { !self.shows(pane, "Couldn't refresh") }
        #expect(shows(pane, "Lab 1"))
    }

    @Test func aPaneThatFailedToLoadAtAllTriesAgainOnTheRefresh() async {
        let planner = Planner([])
        planner.answer.value = .failure(Unreachable())
        let pane = pane(planner)
        await settle { self.shows(pane, "Couldn't load what is due") }
        planner.answer.value = .success([PlannerFixtures.assignment(1, "Lab 1", in: day)])
        pane.update(.refresh)
        await settle { self.shows(pane, "Lab 1") }
        #expect(!shows(pane, "Couldn't load"))
    }

    @Test func aRefreshAsksForTheWindowAsItStandsThen() async {
        let asked = Recorder<Date>()
        let clock = ManualClock(now)
        var environment = Fixtures.environment()
        environment.clock = clock.client
        environment.planner = PlannerClient { start, _, _ in
            asked.append(start)
            return []
        }
        let pane = DuePane(environment: environment)
        pane.start()
        await settle { asked.values.count == 1 && !pane.isAnimating }
        clock.advance(by: day)
        pane.update(.refresh)
        await settle { asked.values.count == 2 }
        #expect(asked.values == [now.addingTimeInterval(-14 * day), now.addingTimeInterval(-13 * day)])
    }

    @Test func theTitleCountsWhatIsMissing() async {
        let planner = Planner(PlannerFixtures.week + [PlannerFixtures.assignment(9, "Forgotten", in: -3 * day)])
        let pane = pane(planner)
        await settle { pane.title == "Due · 2 missing" }
        planner.answer.value = .success([PlannerFixtures.assignment(1, "Lab 1", in: day)])
        pane.update(.refresh)
        await settle { pane.title == "Due · 1" }
    }

    /// At midnight, tomorrow becomes today and what was due before it, unfinished, missing; untouched.
    @Test func rowsRegroupWhenTheDayTurns() async {
        let local = LocalTime(now)
        let beforeMidnight = now.addingTimeInterval(Double((24 - local.hour) * 60 - local.minute - 10) * 60)
        let clock = ManualClock(beforeMidnight)
        let lateTonight = PlannerFixtures.assignment(1, "Tonight's quiz", in: beforeMidnight.timeIntervalSince(now) + 5 * 60)
        let tomorrow = PlannerFixtures.assignment(2, "Morning lab", in: beforeMidnight.timeIntervalSince(now) + 9 * hour)
        let pane = pane(Planner([lateTonight, tomorrow]), clock: clock.client)
        await settle { self.shows(pane, "Morning lab") }
        #expect(trimmedHeadings(pane) == ["Today", "Tomorrow"])
        #expect(pane.title == "Due · 2")
        clock.advance(by: 20 * 60)
        await settle { pane.title == "Due · 1 missing" }
        #expect(trimmedHeadings(pane) == ["Missing", "Today"])
    }

    func trimmedHeadings(_ pane: DuePane) -> [String] {
        render(pane).map { $0.trimmingCharacters(in: .whitespaces) }.filter { ["Missing", "Today", "Tomorrow"].contains($0) }
    }
}
