import CourseBrowser
import CourseKit
import FoundationEssentials

extension DueCommands {
    /// What the planner holds from two weeks before `now` to `days` after, as the Due pane asks
    /// for it; when the backend can't be reached or answers with a failure that may pass (or
    /// `--offline` asks it nothing), what was last saved of that range, saying so and how old it
    /// is on standard error. Nil, with the error printed, when neither can be had, and for a
    /// failure that waiting won't fix (a refused token, say): a script must not take a week-old
    /// copy for an answer then.
    /// With `json`, a failure is printed as JSON on standard output too.
    static func load(days: Int, environment: EnvironmentValues, now: Date, json: Bool = false) async -> [PlannerItem]? {
        let start = now.addingTimeInterval(-DueListing.lookBack)
        let end = now.addingTimeInterval(TimeInterval(days) * 86_400)
        do {
            return try await environment.planner.items(start, end, .ignored)
        } catch {
            let offline = error is OfflineMode
            let passing = (error as? TransientError)?.isTransient == true
            guard offline || passing else {
                FailureReport.say(error, json: json)
                return nil
            }
            guard let saved = environment.savedCopies.planner() else {
                if offline {
                    FailureReport.say("nothing due is saved on this machine yet; run without --offline to load it", kind: .notSaved, json: json)
                } else {
                    FailureReport.say(error, json: json)
                }
                return nil
            }
            let age = DueListing.age(of: saved.savedAt, now: now)
            QueueCommands.printError(offline ? "showing what was saved \(age) (--offline)" : userMessage(for: error) + "; showing what was saved \(age)")
            let inRange = saved.value.filter { $0.date >= start && $0.date < end }
            // Named from the saved course lists, as the planner's own answers are.
            let copy = PlannerClient { _, _, _ in inRange }
            return (try? await copy.fittedToCourses(from: environment.savedCopies, now: environment.clock.now).items(start, end, .ignored)) ?? inRange
        }
    }
}
