import CourseKit
import FoundationEssentials
import TerminalUI

/// The hand-in flow's list of the assignments that take what can be handed in from here: typing narrows it,
/// `↑` `↓` choose, `Enter` picks.
struct AssignmentPicker: Equatable {
    /// What a key did to the picker.
    enum Outcome: Equatable {
        case editing
        case cancelled
        /// Enter on an assignment that can be handed in to now.
        case picked(Assignment)
    }

    /// What the picker's own keys do; every other key is text for its filter.
    enum Action {
        case previous, next, pick, cancel
    }

    /// The picker's keys, while it takes every other key as text.
    static let bindings: [Binding<Action>] = [
        Binding([[.up], [.control("p")]], does: "the assignment above", hint: "choose", hintKey: "↑↓", action: .previous),
        Binding([[.down], [.control("n")]], does: "the assignment below", action: .next),
        Binding([[.enter]], does: "hand in to the chosen assignment", hint: "pick", action: .pick),
        Binding([[.escape]], does: "cancel the hand-in", hint: "cancel", action: .cancel),
    ]

    /// Rows of assignments shown at once; more scroll.
    static let visibleRows = 6

    /// Every assignment it offers, in the order the course lists them (`AssignmentLayout.sorted`):
    /// by due date, earliest first, so what is overdue comes before what is due soon; undated last.
    let assignments: [Assignment]
    /// Each assignment's name as finding compares it, folded once.
    private let foldedNames: [[UInt8]]
    var filter = LineEditor()
    /// The chosen row among `matches`.
    private(set) var selection = 0
    /// Why the last Enter picked nothing (a locked assignment), shown under the list.
    var problem: String?
    /// Whether the assignments were read from the backend just now, so that a lock they show
    /// holds; one in a saved copy is only warned of, in the prompt.
    let isFresh: Bool

    init(assignments: [Assignment], isFresh: Bool = true) {
        self.assignments = assignments
        self.isFresh = isFresh
        var folder = SearchText.Folder()
        foldedNames = assignments.map { folder.fold($0.name) }
    }

    /// Moves to the assignment `nextToHandIn` finds at `now`, unless a key was pressed in the picker already.
    mutating func preselect(now: Date) {
        guard filter.text.isEmpty, selection == 0, problem == nil else { return }
        selection = Self.nextToHandIn(in: assignments, now: now) ?? 0
    }

    /// The index of the assignment a student most likely means to hand in to now: of those that
    /// can be handed in and weren't yet, the one due soonest from now, then one with no due
    /// date, then the one overdue most recently; nil when none can.
    ///
    /// What is already handed in, graded or closed is passed over, so that Enter, Enter never
    /// starts a new attempt at last month's work.
    static func nextToHandIn(in assignments: [Assignment], now: Date) -> Int? {
        let open = assignments.indices.filter { assignments[$0].awaitsHandIn(at: now) }
        let due = { (index: Int) in assignments[index].dueAt }
        if let upcoming = open.filter({ due($0).map { $0 >= now } ?? false }).min(by: { due($0) ?? now < due($1) ?? now }) {
            return upcoming
        }
        if let undated = open.first(where: { due($0) == nil }) {
            return undated
        }
        return open.max { due($0) ?? now < due($1) ?? now }
    }

    /// The assignments whose name holds every word of the filter, ignoring case and accents,
    /// as the course list's `/` finds courses.
    var matches: [Assignment] {
        let words = SearchText.words(filter.text).map { Array($0.utf8) }
        guard !words.isEmpty else { return assignments }
        return assignments.indices.filter { SearchText.matches(words, in: foldedNames[$0]) }.map { assignments[$0] }
    }

    var selected: Assignment? {
        let matches = matches
        return matches.indices.contains(selection) ? matches[selection] : nil
    }

    mutating func handle(_ key: Key) -> Outcome {
        switch Self.bindings.lookUp(key, availability: { _ in .enabled }) {
        case .act(.cancel):
            return .cancelled
        case .act(.previous):
            selection = max(0, selection - 1)
        case .act(.next):
            selection = min(max(0, matches.count - 1), selection + 1)
        case .act(.pick):
            guard let selected else {
                problem = "No assignment matches \"\(filter.text)\""
                return .editing
            }
            if let refusal = selected.lockRefusal(isFresh: isFresh) {
                problem = refusal
                return .editing
            }
            return .picked(selected)
        case .unbound, .refused:
            guard filter.handle(key) else { return .editing }
            selection = 0
            problem = nil
        }
        return .editing
    }
}
