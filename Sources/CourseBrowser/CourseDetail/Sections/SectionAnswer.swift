/// A step of one section's load, for the pane's state to apply to that section.
struct SectionAnswer {
    let kind: CourseSectionKind
    /// Why the load failed, when that is what it reports.
    let failure: (any Error)?
    /// Applies the step to the section; what the pane is to do about it.
    let apply: (inout CourseDetailState) -> [CourseDetailState.Effect]

    /// The step `event` of the load of the section at `path`.
    init<S: CourseSection>(_ path: WritableKeyPath<CourseDetailState, S>, _ event: LoadEvent<S.Value>) {
        kind = S.kind
        if case let .finished(.failure(error)) = event {
            failure = error
        } else {
            failure = nil
        }
        apply = { $0[keyPath: path].update(event) }
    }
}
