import FoundationEssentials
import TerminalUI

/// A part of the Course pane that loads on its own: its value as it stands, the state that goes
/// with it, how it takes each step of its load, and its lines.
///
/// The pane asks every section the same questions (is one loading, did one fail, what does `r`
/// try again) and loads each through its slot, so a section is added as a folder holding its
/// type, with a property and a slot for it in `CourseDetailState+Sections.swift`.
protocol CourseSection: SendableMetatype {
    associatedtype Value
    /// Which section this is, for the effects that load it again and the reports of its failures.
    static var kind: CourseSectionKind { get }
    /// What it is called in its loading and failure rows: "Loading files…".
    static var label: String { get }
    /// Whether the pane asks for it before the other sections: their requests share a few
    /// connections, so those asked last can wait a round trip for one.
    static var loadsFirst: Bool { get }
    /// Where its load stands.
    var load: LoadState<Value> { get }
    /// Takes a step of its load; what the pane is to do about it.
    mutating func update(_ event: LoadEvent<Value>) -> [CourseDetailState.Effect]
    /// Gets ready to be laid out for `context`; most sections have nothing to do.
    mutating func prepare(for context: SectionContext)
    /// Its lines for `context`, heading first; none when it has nothing to say.
    func lines(in context: SectionContext) -> SectionLines
    /// The keys of its own, which the pane lists with its keys for every section.
    static var bindings: [Binding<CourseDetailState.Action>] { get }
    /// Whether `action` can act now in `pane`, and if not, why; nil when the action is not one of
    /// this section's, or (for a key every section may answer, as Enter) not on an item of its own.
    func availability(of action: CourseDetailState.Action, in pane: CourseDetailState) -> Availability?
    /// Opens or folds the item `id` whole, as Enter does, when it is one of the section's own.
    mutating func read(item id: String) -> SectionReply?
}

extension CourseSection {
    mutating func prepare(for context: SectionContext) {}

    static var loadsFirst: Bool { false }

    static var bindings: [Binding<CourseDetailState.Action>] { [] }

    func availability(of action: CourseDetailState.Action, in pane: CourseDetailState) -> Availability? { nil }

    mutating func read(item id: String) -> SectionReply? { nil }

    var isLoading: Bool { load.isLoading }
    var isCutOff: Bool { load.isCutOff }
    /// How many of its loads the backend answered.
    var answers: Int { load.answers }

    /// The effect that loads the section again if it failed, behind what it shows when a refresh failed.
    var retryEffect: CourseDetailState.Effect? {
        load.retryableFailure.map { _ in .reload(Self.kind, keepingValue: load.value != nil) }
    }

    /// The effect that reads the section again behind what it shows, or loads again what failed;
    /// none while a load is under way.
    var refreshEffect: CourseDetailState.Effect? {
        switch load.phase {
        case .idle, .loading: nil
        case .failed: .reload(Self.kind, keepingValue: false)
        case .loaded: load.isRefreshing ? nil : .refresh(Self.kind)
        }
    }

    /// What the pane's one saved-copy row says of this section, while it shows a saved copy.
    var savedCopy: SavedCopyRow.Status? {
        load.savedAt.map { SavedCopyRow.Status(savedAt: $0, refreshing: load.isRefreshing, failure: load.refreshFailure, note: load.note) }
    }

    /// The section's heading with how many it has once there are some: "Files · 12".
    static func heading(_ title: String, count: Int?, landmark: String) -> [DetailLine] {
        let text = count.map { $0 > 0 ? "\(title) · \($0)" : title } ?? title
        return [.blank, .heading(StyledLine(text, style: .accent), landmark)]
    }

    /// The section's rows as its load stands: nothing before it starts, a loading row, a failure
    /// row, or `content` with a fresh value's failed refresh under it.
    func rows(width: Int, glyphs: Glyphs, content: (Value) -> [DetailLine]) -> [DetailLine] {
        switch load.phase {
        case .idle:
            return []
        case let .loading(since):
            return [.loading(label: "Loading \(Self.label)…", since: since, note: load.note)]
        case let .failed(failure):
            return StatusRows.failure("Couldn't load \(Self.label): \(failure.message)", width: width, glyphs: glyphs).map(DetailLine.text)
        case let .loaded(value):
            var lines = content(value)
            // A saved copy's failed refresh is the pane's one row; a fresh value's is said here.
            if load.savedAt == nil, let failure = load.refreshFailure {
                lines += StatusRows.failure("Couldn't refresh \(Self.label): \(failure.message)", width: width, glyphs: glyphs).map(DetailLine.text)
            }
            return lines
        }
    }
}
