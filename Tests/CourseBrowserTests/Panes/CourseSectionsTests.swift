import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import HTMLText
import TerminalUI

/// The Course pane composes its sections through their slots: every question asked of them all,
/// every key, and every retry reaches each section, in the order the pane shows them.
struct CourseSectionsTests {
    static let now = Fixtures.start
    static let course = Course(id: CourseID(7), name: "Đại số", code: "MATH")
    static let failure = CourseClient.Failure(userMessage: "timed out")

    func opened() -> CourseDetailState {
        var state = CourseDetailState(home: "/home/an")
        _ = state.update(.resize(PaneSize(width: 60, height: 20, glyphs: .unicode)), now: Self.now)
        _ = state.update(.show(Self.course.id), now: Self.now)
        return state
    }

    /// Every section but the overview failing, each through its own load.
    func everySectionButTheOverviewFailed() -> CourseDetailState {
        var state = opened()
        _ = state.update(.loaded(\.overview, .finished(.success(Self.course))), now: Self.now)
        let failures: [CourseDetailState.Event] = [
            .loaded(\.assignments, .finished(.failure(Self.failure))),
            .loaded(\.announcements, .finished(.failure(Self.failure))),
            .loaded(\.discussions, .finished(.failure(Self.failure))),
            .loaded(\.syllabus, .finished(.failure(Self.failure))),
            .loaded(\.modules, .finished(.failure(Self.failure))),
            .loaded(\.grades, .finished(.failure(Self.failure))),
            .loaded(\.files, .finished(.failure(Self.failure))),
        ]
        for event in failures {
            _ = state.update(event, now: Self.now)
        }
        return state
    }

    @Test func theSectionsAreShownInTheOrderOfTheirSlots() {
        #expect(CourseDetailState.slots.map(\.kind.name) == ["overview", "assignments", "announcements", "discussions", "syllabus", "modules", "grades", "files"])
        let state = everySectionButTheOverviewFailed()
        let rows = state.lines.compactMap { line -> String? in
            guard case let .text(text) = line else { return nil }
            return text.text.contains("Couldn't load") ? text.text : nil
        }
        #expect(rows.map { $0.split(separator: ":")[0] } == [
            "❗ Couldn't load assignments", "❗ Couldn't load announcements", "❗ Couldn't load discussions", "❗ Couldn't load syllabus",
            "❗ Couldn't load modules", "❗ Couldn't load grades", "❗ Couldn't load files",
        ].map { Substring($0) })
    }

    @Test func theSectionsAreVisitedInTheOrderOfTheirSlots() {
        #expect(opened().visitingSections(KindVisitor()).kinds == CourseDetailState.slots.map(\.kind))
    }

    /// The pane is cut off when a section could not reach the backend, whichever section it is,
    /// so it loads again by itself when the network is back; a failure of another kind waits for `r`.
    @Test func aSectionThatCouldNotReachTheBackendCutsThePaneOff() {
        var state = opened()
        _ = state.update(.loaded(\.overview, .finished(.success(Self.course))), now: Self.now)
        #expect(!state.isCutOff)
        _ = state.update(.loaded(\.modules, .finished(.failure(Self.failure))), now: Self.now)
        #expect(!state.isCutOff, "a failure that is not the network's")
        #expect(state.hasSectionFailure)
        _ = state.update(.loaded(\.files, .finished(.failure(AppShellRecoveryTests.Unreachable()))), now: Self.now)
        #expect(state.isCutOff, "the files could not reach the backend")
    }

    @Test func theSectionsAfterTheSyllabusFollowItsText() {
        var state = opened()
        _ = state.update(.loaded(\.overview, .finished(.success(Self.course))), now: Self.now)
        let syllabus = SyllabusBlocks(HTMLText.blocks(from: "<p>Tuần 1: giới thiệu</p><p>Tuần 2: bài tập</p>"))
        _ = state.update(.loaded(\.syllabus, .finished(.success(syllabus))), now: Self.now)
        _ = state.update(.loaded(\.modules, .finished(.success([CourseModule(id: "1", name: "Chương 1", position: 1, items: [])]))), now: Self.now)
        let texts = state.lines.map { $0.styled(now: Self.now, glyphs: .unicode).text }
        let heading = texts.firstIndex { $0.hasPrefix("Syllabus") }
        let week2 = texts.firstIndex { $0.contains("Tuần 2: bài tập") }
        let modules = texts.firstIndex { $0.hasPrefix("Modules") }
        #expect(heading != nil && week2 != nil && modules != nil, "\(texts)")
        #expect((heading ?? 0) < (week2 ?? 0) && (week2 ?? 0) < (modules ?? 0), "\(texts)")
    }

    @Test func rReloadsEachFailedSectionByItsKindInTheOrderShown() {
        var state = everySectionButTheOverviewFailed()
        let reloads = state.update(.key(.character("r")), now: Self.now).compactMap { effect -> String? in
            guard case let .reload(kind, keepingValue: false) = effect else { return nil }
            return kind.name
        }
        #expect(reloads == ["assignments", "announcements", "discussions", "syllabus", "modules", "grades", "files"])
    }

    @Test func eachSectionsFailureIsReportedUnderItsOwnName() {
        var state = opened()
        let effects = state.update(.loaded(\.grades, .finished(.failure(Self.failure))), now: Self.now)
        #expect(effects == [.track(.loadFailed(pane: "course", section: "grades", message: "timed out"))])
    }

    @Test func aRefreshReadsEveryLoadedSectionAgainAndLoadsAgainWhatFailed() {
        var state = opened()
        _ = state.update(.loaded(\.overview, .finished(.success(Self.course))), now: Self.now)
        _ = state.update(.loaded(\.modules, .finished(.success([]))), now: Self.now)
        _ = state.update(.loaded(\.files, .finished(.failure(Self.failure))), now: Self.now)
        #expect(state.update(.refresh, now: Self.now) == [.refresh(.overview), .refresh(.modules), .reload(.files, keepingValue: false)])
    }

    @Test func everyKeyIsListedOnceInTheOrderOfItsAction() {
        #expect(CourseDetailState.bindings.map(\.action) == CourseDetailState.Action.allCases)
        let keys = CourseDetailState.bindings.flatMap { $0.keys.flatMap { $0 } }
        #expect(keys.allSatisfy { key in keys.filter { $0 == key }.count == 1 }, "no key is bound twice")
    }

    @Test func whileSectionsLoadThePaneIsLoadingAndCountsEachAnswer() {
        var state = opened()
        _ = state.update(.loaded(\.files, .started(at: Self.now, keepingValue: false)), now: Self.now)
        #expect(state.isLoading)
        _ = state.update(.loaded(\.files, .finished(.success(CourseFiles()))), now: Self.now)
        _ = state.update(.loaded(\.modules, .finished(.success([]))), now: Self.now)
        #expect(!state.isLoading)
        #expect(state.answers == 2)
    }
}

/// The kind of every section, in the order a visit shows them.
private struct KindVisitor: SectionVisitor {
    var kinds: [CourseSectionKind] = []

    mutating func visit<Section: CourseSection>(_ section: Section, in pane: CourseDetailState) -> Bool {
        kinds.append(Section.kind)
        return true
    }
}
