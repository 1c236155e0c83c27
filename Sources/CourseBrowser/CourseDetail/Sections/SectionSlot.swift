import CourseKit

/// One section's place in the Course pane's state, so the pane can ask every section the same
/// questions and load each one without naming it.
struct SectionSlot: Sendable {
    let kind: CourseSectionKind
    /// Whether the pane asks for this section before the others.
    let loadsFirst: Bool
    /// The section's keys of its own.
    let bindings: [Binding<CourseDetailState.Action>]
    /// Lets the section get ready to be laid out for `context`, as the syllabus wraps its text.
    let prepare: @Sendable (_ state: inout CourseDetailState, _ context: SectionContext) -> Void
    /// Opens or folds the item `id` in `state` when it is the section's own.
    let read: @Sendable (_ state: inout CourseDetailState, _ id: String) -> SectionReply?
    /// The loader of a section the pane asks the backend for; nil for one it loads its own way.
    let loader: (@MainActor (_ environment: EnvironmentValues, _ clock: WallClock, _ send: @escaping (CourseDetailState.Event) -> Void) -> SectionLoader)?

    /// The slot of a section the pane loads its own way.
    init<S: CourseSection>(_ path: WritableKeyPath<CourseDetailState, S> & Sendable) {
        self.init(path, loader: nil)
    }

    /// The slot of a section fetched from the backend.
    init<S: FetchedSection>(_ path: WritableKeyPath<CourseDetailState, S> & Sendable) {
        self.init(path) { environment, clock, send in SectionLoader.fetching(path, from: S.source(environment), clock: clock, send: send) }
    }

    private init<S: CourseSection>(
        _ path: WritableKeyPath<CourseDetailState, S> & Sendable,
        loader: (@MainActor (EnvironmentValues, WallClock, @escaping (CourseDetailState.Event) -> Void) -> SectionLoader)?
    ) {
        kind = S.kind
        loadsFirst = S.loadsFirst
        bindings = S.bindings
        prepare = { state, context in state[keyPath: path].prepare(for: context) }
        read = { state, id in state[keyPath: path].read(item: id) }
        self.loader = loader
    }
}
