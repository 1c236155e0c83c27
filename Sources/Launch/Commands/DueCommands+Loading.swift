import CourseBrowser
import CourseKit
import FoundationEssentials

extension DueCommands {
    /// What the planner holds from two weeks before `now` to `days` after, as the Due pane asks
    /// for it, else what was last saved of that range (`SavedCopyFallback`); nil, with the failure
    /// said (as JSON too with `json`), when neither can be had.
    static func load(days: Int, environment: EnvironmentValues, now: Date, json: Bool = false) async -> [PlannerItem]? {
        SavedCopyFallback.said(await read(days: days, environment: environment, now: now), json: json)?.items
    }

    /// What `load` reads, and when the saved copy it is was saved (nil: the site's answer), or why
    /// neither could be had, said to nobody yet. With `within`, the site is waited for at most that
    /// long where a saved copy can stand in for its answer.
    static func read(
        days: Int, environment: EnvironmentValues, now: Date, within limit: Duration? = nil
    ) async -> Result<(items: [PlannerItem], savedAt: Date?), SavedCopyFallback.Failure> {
        let start = now.addingTimeInterval(-DueListing.lookBack)
        let end = now.addingTimeInterval(TimeInterval(days) * 86_400)
        let planner = environment.planner
        let outcome = await SavedCopyFallback.outcome(
            { try await planner.items(start, end, .ignored) }, saved: environment.savedCopies.planner,
            nothingSaved: "nothing due is saved on this machine yet", now: now, within: limit
        )
        guard case let .success((items, savedAt?)) = outcome else { return outcome.map { ($0.value, $0.savedAt) } }
        let inRange = items.filter { $0.date >= start && $0.date < end }
        // Named from the saved course lists, as the planner's own answers are.
        let copy = PlannerClient { _, _, _ in inRange }
        let named = (try? await copy.fittedToCourses(from: environment.savedCopies, now: environment.clock.now).items(start, end, LoadProgress.ignored)) ?? inRange
        return .success((named, savedAt))
    }
}
