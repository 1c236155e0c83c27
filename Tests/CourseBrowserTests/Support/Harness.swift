import CourseKit
import TerminalUI
@testable import CourseBrowser

/// A load runner wired to a `LoadState` the way a pane wires them: the started event
/// applied at once, the rest as the runner sends them.
@MainActor
final class LoadHarness<Value: Sendable> {
    let runner = LoadRunner<Value>(clock: Fixtures.clock)
    private(set) var state = LoadState<Value>()
    /// How many events changed the state.
    private(set) var events = 0

    init() {
        runner.send = { [unowned self] in apply($0) }
    }

    func load(_ operation: @escaping @Sendable (LoadProgress) async throws -> Value) {
        apply(runner.load(operation))
    }

    func again() {
        apply(runner.again())
    }

    func refresh() {
        if let started = runner.refresh() { apply(started) }
    }

    private func apply(_ event: LoadEvent<Value>) {
        state.apply(event)
        events += 1
    }
}

/// A load runner fetching pages, wired to a `PagedState` the way the course list wires them.
@MainActor
final class PageHarness<Element: Identifiable & Sendable> {
    let runner = LoadRunner<Page<Element>>(clock: Fixtures.clock)
    private let fetchPage: @Sendable (PageCursor?, LoadProgress) async throws -> Page<Element>
    private(set) var state = PagedState<Element>()

    init(fetch: @escaping @Sendable (PageCursor?, LoadProgress) async throws -> Page<Element>) {
        fetchPage = fetch
        runner.send = { [unowned self] in apply($0) }
    }

    /// Fetches the page at `cursor` (nil: the first), superseding any fetch in flight.
    func fetch(_ cursor: PageCursor?) -> PageEvent<Element> {
        let fetchPage = fetchPage
        return runner.load { try await fetchPage(cursor, $0) }
    }

    /// Starts over from the first page.
    func reload() {
        state = PagedState()
        apply(fetch(nil))
    }

    /// Resumes from the page that failed.
    func retry() {
        apply(fetch(state.pending))
    }

    var isComplete: Bool {
        if case .complete = state.phase { return true }
        return false
    }

    private func apply(_ event: PageEvent<Element>) {
        if let next = state.apply(event) {
            apply(fetch(next))
        }
    }
}

extension Pane {
    /// The pane's lines in a `width` × `height` grid, told that size first as the shell does before it draws.
    func lines(width: Int, height: Int, glyphs: Glyphs = .unicode, focused: Bool = true) -> [String] {
        resize(PaneSize(width: width, height: height, glyphs: glyphs))
        var grid = Grid(width: width, height: height, glyphs: glyphs)
        draw(into: &grid, rect: grid.bounds, focused: focused)
        return grid.lines
    }
}

extension AppShell {
    /// The screen's lines at `width` × `height`, told that size first as the event loop does before it draws.
    func lines(width: Int, height: Int, glyphs: Glyphs = .unicode) -> [String] {
        resize(width: width, height: height, glyphs: glyphs)
        var grid = Grid(width: width, height: height, glyphs: glyphs)
        render(into: &grid)
        return grid.lines
    }
}
