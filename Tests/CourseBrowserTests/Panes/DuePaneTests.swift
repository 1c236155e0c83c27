import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

@MainActor
struct DuePaneTests {
    let now = Fixtures.start
    let hour = PlannerFixtures.hour
    let day = PlannerFixtures.day

    func pane(_ environment: EnvironmentValues) async -> DuePane {
        let pane = DuePane(environment: environment)
        pane.start()
        await settle { !pane.isAnimating }
        return pane
    }

    func pane(_ items: [PlannerItem]) async -> DuePane {
        await pane(Fixtures.environment().planning(items))
    }

    func render(_ pane: DuePane, width: Int = 90, height: Int = 16) -> [String] {
        pane.lines(width: width, height: height)
    }

    /// The rows under headings, with the trailing blanks cut.
    func trimmed(_ lines: [String]) -> [String] {
        lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    }

    @Test func itAsksThePlannerForTwoWeeksBackAndFourAhead() async {
        let asked = Recorder<ClosedRange<Date>>()
        var environment = Fixtures.environment()
        environment.planner = PlannerClient { start, end, _ in
            asked.append(start...end)
            return []
        }
        _ = await pane(environment)
        #expect(asked.values == [now.addingTimeInterval(-14 * day)...now.addingTimeInterval(28 * day)])
    }

    @Test func missingComesFirstThenTodayTomorrowAndDatedDaysEachByTime() async {
        let items = PlannerFixtures.week + [PlannerFixtures.assignment(5004, "Reading", in: hour)]
        let lines = trimmed(render(await pane(items)))
        let headings = lines.filter { ["Missing", "Today", "Tomorrow", "Thu 10 Sep"].contains($0.trimmingCharacters(in: .whitespaces)) }
        #expect(headings.map { $0.trimmingCharacters(in: .whitespaces) } == ["Missing", "Today", "Tomorrow", "Thu 10 Sep"])
        let titles = ["Essay: why Swift", "Reading", "Quiz prep", "Buy lab goggles", "Lab 3: closures"]
        let order = titles.compactMap { title in lines.firstIndex { $0.contains(title) } }
        #expect(order == order.sorted() && order.count == titles.count, "missing, then today by time, tomorrow, then Thursday")
    }

    /// Canvas grades work that was never handed in as 0 and keeps it missing: the row says what its group says.
    @Test func workGradedZeroForNotBeingHandedInIsListedAndMarkedMissing() async {
        let gradedMissing = PlannerFixtures.assignment(7, "Reading Response", in: -3 * day, status: PlannerItem.Status(isGraded: true, isMissing: true))
        let lines = trimmed(render(await pane([gradedMissing])))
        let row = lines.first { $0.contains("Reading Response") } ?? ""
        #expect(lines.first?.trimmingCharacters(in: .whitespaces) == "Missing")
        #expect(row.contains("missing") && !row.contains("graded"), "\(row)")
    }

    @Test func aPassedDateWithNothingHandedInIsMissingButNotWhenDoneExcusedOrGraded() {
        let passed = -hour
        #expect(DueDay(of: PlannerFixtures.assignment(1, "a", in: passed), now: now) == .missing)
        var done = PlannerFixtures.assignment(2, "b", in: passed)
        done.isMarkedComplete = true
        #expect(DueDay(of: done, now: now) != .missing)
        #expect(DueDay(of: PlannerFixtures.assignment(3, "c", in: passed, status: .init(isExcused: true)), now: now) != .missing)
        #expect(DueDay(of: PlannerFixtures.assignment(4, "d", in: passed, status: .init(isGraded: true)), now: now) != .missing)
        #expect(DueDay(of: PlannerFixtures.assignment(5, "e", in: passed, status: nil), now: now) != .missing, "nothing to hand in")
        #expect(DueDay(of: PlannerFixtures.assignment(6, "f", in: day, status: .init(isMissing: true)), now: now) == .missing, "Canvas says so")
    }

    @Test func eachStateSaysWhereTheStudentStands() async {
        var done = PlannerFixtures.assignment(6, "Ticked", in: 3 * hour)
        done.isMarkedComplete = true
        let items = [
            PlannerFixtures.assignment(1, "Handed", in: hour, status: .init(isSubmitted: true)),
            PlannerFixtures.assignment(2, "Marked", in: hour, status: .init(isSubmitted: true, isGraded: true)),
            PlannerFixtures.assignment(3, "Tardy", in: hour, status: .init(isSubmitted: true, isLate: true)),
            PlannerFixtures.assignment(4, "Forgot", in: -day),
            PlannerFixtures.assignment(5, "Pardoned", in: 2 * hour, status: .init(isExcused: true)),
            done,
        ]
        let lines = render(await pane(items))
        func row(_ title: String) -> String { lines.first { $0.contains(title) } ?? "" }
        #expect(row("Handed").hasSuffix("10 pts  ✓ submitted"))
        #expect(row("Marked").contains("✓ graded"))
        #expect(row("Tardy").contains("✓ late"))
        #expect(row("Forgot").contains("❗ missing"))
        #expect(row("Forgot").contains(DateText.day(now.addingTimeInterval(-day), now: now)), "a missing row shows its day")
        #expect(row("Pardoned").contains("excused"))
        #expect(row("Ticked").contains("✓ done"))
        #expect(row("Handed").contains(LocalTime(now.addingTimeInterval(hour)).clockText + "   SWIFT-101"))
    }

    @Test func otherKindsSayWhatTheyAreEvenOnesThisVersionDoesNotKnow() async {
        let kinds: [(PlannerItem.Kind, String, String)] = [
            (.quiz, "quiz", "Q"), (.discussionTopic, "discussion", "D"), (.announcement, "announcement", "A"), (.calendarEvent, "event", "E"),
            (.wikiPage, "page", "P"), (.assessmentRequest, "peer review", "R"), (.other("survey_thing"), "survey thing", "S"),
        ]
        let items = kinds.enumerated().map { index, kind in
            PlannerItem(id: "k\(index)", kind: kind.0, title: "Item \(index)", courseID: Fixtures.japanese.id, contextName: "日本語入門",
                        date: now.addingTimeInterval(Double(index + 1) * 60))
        }
        let pane = await pane(items)
        for (index, kind) in kinds.enumerated() {
            let lines = render(pane, height: 14)
            let row = lines.first { $0.hasSuffix("Item \(index)") && !$0.contains("—") } ?? ""
            #expect(row.hasSuffix(" \(kind.2) Item \(index)"), "one cell for a \(kind.1): \(lines)")
            #expect(row.contains("日本語入門"), "no code: the course's name")
            #expect(lines.contains { $0.hasSuffix("› Item \(index) — 日本語入門 · \(kind.1)") }, "the selected one spelled out under the list: \(lines)")
            _ = pane.handle(.down)
        }
    }

    @Test func aNoteOfTheStudentsOwnHasNoCourseAndAnAllDayItemNoTime() async {
        let lines = render(await pane(PlannerFixtures.week))
        let note = lines.first { $0.contains("Buy lab goggles") } ?? ""
        #expect(note.contains("all day —"))
        #expect(note.contains("—          N Buy lab goggles"), "N, a note, in the kind's one cell")
    }

    @Test func nothingDueSaysSo() async {
        let lines = render(await pane([]))
        #expect(lines.contains { $0.contains("Nothing due in the next 4 weeks") })
    }

    @Test func aFailedLoadShowsItsOwnRowAndRRetries() async {
        let fails = Recorder<Bool>()
        fails.append(true)
        var environment = Fixtures.environment()
        environment.planner = PlannerClient { _, _, _ in
            if fails.values.last == true { throw CourseClient.Failure(userMessage: "Can't reach school.test") }
            return PlannerFixtures.week
        }
        let pane = await pane(environment)
        #expect(render(pane).contains { $0.contains("❗ Couldn't load what is due: Can't reach school.test  [r]etry") })
        fails.append(false)
        #expect(pane.handle(.character("r")))
        await settle { !pane.isAnimating }
        let lines = render(pane)
        #expect(!lines.contains { $0.contains("❗ Couldn't") })
        #expect(lines.contains { $0.contains("Lab 3: closures") })
    }

    @Test func theListScrollsToKeepTheSelectionAndItsHeadingInView() async {
        let items = (0..<30).map { PlannerFixtures.assignment($0, "Task \($0)", in: Double($0) * day / 3 + hour) }
        let pane = await pane(items)
        _ = pane.lines(width: 90, height: 8)
        _ = pane.handle(.end)
        let lines = render(pane, height: 8)
        #expect(lines.contains { $0.contains("Task 29") })
        _ = pane.handle(.home)
        #expect(render(pane, height: 8)[0].contains("Today"))
        #expect(pane.footer == "1 of 30", "items are counted, not the day headings between them")
        _ = pane.handle(.end)
        #expect(pane.footer == "30 of 30")
    }
}

extension DuePaneTests {
    @Test func aNarrowRowKeepsTheTitleAndOnlyTheMarkOfItsState() async {
        let lines = render(await pane(PlannerFixtures.week), width: 30)
        let missing = lines.first { $0.contains("Essay") } ?? ""
        #expect(missing.hasSuffix(" ❗"))
        #expect(missing.contains(" …T-101 "), "the code's end, kept at every width: \(missing)")
        #expect(lines.first { $0.contains("Quiz prep") }?.hasSuffix(" ✓") == true)
    }

    /// In the left column of a 120-column screen every course's "Final Project" would read alike without it.
    @Test func aRowAsWideAsTheLeftColumnKeepsItsCourse() async {
        let lines = render(await pane(PlannerFixtures.week), width: 40)
        let missing = lines.first { $0.contains("Essay") } ?? ""
        #expect(missing.contains("…IFT-101"), "\(missing)")
        #expect(!missing.contains("10 pts"), "the points go first")
    }

    /// Two courses of one department at the narrowest: their codes' ends tell the rows apart.
    @Test func aCodeTooWideKeepsItsEndWhereCodesDiffer() {
        var database = PlannerFixtures.assignment(1, "Bài tập SQL", in: PlannerFixtures.hour)
        database.courseCode = "INT2207"
        var swift = PlannerFixtures.assignment(2, "Bài tập 0", in: PlannerFixtures.hour)
        swift.courseCode = "INT2215"
        let rows = [database, swift].map {
            DueRow.line(for: $0, day: DueDay(of: $0, now: now), width: 28, glyphs: .unicode, now: now).text
        }
        #expect(rows[0].contains(" …T2207 ") && rows[1].contains(" …T2215 "), "\(rows)")
        let ascii = DueRow.line(for: swift, day: DueDay(of: swift, now: now), width: 28, glyphs: .ascii, now: now).text
        #expect(ascii.contains(" ~T2215 "), "\(ascii)")
        var named = swift
        named.courseCode = nil
        let byName = DueRow.line(for: named, day: DueDay(of: named, now: now), width: 28, glyphs: .unicode, now: now).text
        #expect(byName.contains(" Lập t… "), "a name is cut at its end: \(byName)")
    }
}
