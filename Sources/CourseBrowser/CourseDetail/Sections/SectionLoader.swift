import CourseKit

/// Loads one section of the open course, reporting each step as the pane's event.
@MainActor
struct SectionLoader {
    /// Shows what was saved of the section of the course `id`, and loads it behind that.
    let start: (_ id: CourseID) -> Void
    /// Reads the section again behind what it shows, unless a load of it is on its way.
    let refresh: () -> Void
    /// Loads the section again; with `keepingValue`, behind what it shows.
    let again: (_ keepingValue: Bool) -> Void

    /// The loader of the section at `path`, whose value comes from `source`.
    static func fetching<S: FetchedSection>(
        _ path: WritableKeyPath<CourseDetailState, S>, from source: SectionSource<S.Value>, clock: WallClock,
        send: @escaping (CourseDetailState.Event) -> Void
    ) -> SectionLoader {
        let runner = LoadRunner<S.Value>(clock: clock)
        let report = { (event: LoadEvent<S.Value>) in send(.section(SectionAnswer(path, event))) }
        runner.send = report
        return SectionLoader(
            start: { id in
                let copy = source.saved(id)
                if let copy {
                    report(.restored(copy.value, savedAt: copy.savedAt))
                }
                let fetch = source.fetch
                report(runner.load(keepingValue: copy != nil) { try await fetch(id, $0) })
            },
            refresh: { runner.refresh().map(report) },
            again: { report(runner.again(keepingValue: $0)) }
        )
    }
}
