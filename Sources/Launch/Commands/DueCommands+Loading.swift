import CourseBrowser
import CourseKit
import FoundationEssentials

extension DueCommands {
    /// What the planner holds from two weeks before `now` to `days` after, as the Due pane asks
    /// for it, else what was last saved of that range (`SavedCopyFallback`); nil, with the failure
    /// said (as JSON too with `json`), when neither can be had.
    static func load(days: Int, environment: EnvironmentValues, now: Date, json: Bool = false) async -> [PlannerItem]? {
        let start = now.addingTimeInterval(-DueListing.lookBack)
        let end = now.addingTimeInterval(TimeInterval(days) * 86_400)
        let planner = environment.planner
        guard let (items, savedAt) = await SavedCopyFallback.answer(
            { try await planner.items(start, end, .ignored) }, saved: environment.savedCopies.planner,
            nothingSaved: "nothing due is saved on this machine yet", now: now, json: json
        ) else { return nil }
        guard savedAt != nil else { return items }
        let inRange = items.filter { $0.date >= start && $0.date < end }
        // Named from the saved course lists, as the planner's own answers are.
        let copy = PlannerClient { _, _, _ in inRange }
        return (try? await copy.fittedToCourses(from: environment.savedCopies, now: environment.clock.now).items(start, end, .ignored)) ?? inRange
    }
}
