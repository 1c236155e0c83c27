import CourseBrowser
import CourseKit
import FoundationEssentials

/// What a command that reads the site prints when the site can't answer: the copy the app saved
/// last, saying so and how old it is on standard error, when the failure may pass (no network, a
/// 503) or `--offline` asked nothing; never for a failure waiting won't fix (a refused token, say),
/// as a script must not take a week-old copy for an answer then.
enum SavedCopyFallback {
    /// The site's answer, or the saved copy standing in for it (`fromSavedCopy`); nil, with the
    /// failure said (as JSON too when `json`), when neither can be had. `nothingSaved` says what
    /// `--offline` found missing.
    static func answer<Value>(
        _ load: () async throws -> Value, saved: () -> Saved<Value>?, nothingSaved: String, now: Date, json: Bool
    ) async -> (value: Value, fromSavedCopy: Bool)? {
        do {
            return (try await load(), false)
        } catch {
            let offline = error is OfflineMode
            let passing = (error as? TransientError)?.isTransient == true
            guard offline || passing else {
                FailureReport.say(error, json: json)
                return nil
            }
            guard let copy = saved() else {
                if offline {
                    FailureReport.say(nothingSaved + "; run without --offline to load it", kind: .notSaved, json: json)
                } else {
                    FailureReport.say(error, json: json)
                }
                return nil
            }
            let age = DueListing.age(of: copy.savedAt, now: now)
            QueueCommands.printError(offline ? "showing what was saved \(age) (--offline)" : userMessage(for: error) + "; showing what was saved \(age)")
            return (copy.value, true)
        }
    }
}
