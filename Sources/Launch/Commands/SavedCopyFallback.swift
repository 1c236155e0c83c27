import CourseBrowser
import CourseKit
import FoundationEssentials

/// What a command that reads the site prints when the site can't answer: the copy the app saved
/// last, saying so and how old it is on standard error, when the failure may pass (no network, a
/// 503) or `--offline` asked nothing; never for a failure waiting won't fix (a refused token, say),
/// as a script must not take a week-old copy for an answer then.
enum SavedCopyFallback {
    /// Why neither the site's answer nor a saved copy could be had.
    struct Failure: Error {
        var message: String
        var kind: FailureKind
    }

    /// The site's answer (`savedAt` nil), or the saved copy standing in for it, its age said on
    /// standard error after `label` (`Files: `); else why neither could be had, said to nobody yet.
    /// `nothingSaved` says what `--offline` found missing. With `within`, the site is waited for at
    /// most that long while a saved copy can stand in (`SlowSite`).
    static func outcome<Value: Sendable>(
        _ load: @escaping @Sendable () async throws -> Value, saved: () -> Saved<Value>?, nothingSaved: String, now: Date,
        label: String = "", within limit: Duration? = nil
    ) async -> Result<(value: Value, savedAt: Date?), Failure> {
        do {
            guard let limit, saved() != nil else { return .success((try await load(), nil)) }
            return .success((try await SlowSite.race(limit, load), nil))
        } catch {
            let offline = error is OfflineMode
            let passing = (error as? TransientError)?.isTransient == true
            guard offline || passing else { return .failure(Failure(message: userMessage(for: error), kind: FailureKind.of(error))) }
            guard let copy = saved() else {
                guard offline else { return .failure(Failure(message: userMessage(for: error), kind: FailureKind.of(error))) }
                return .failure(Failure(message: nothingSaved + "; run without --offline to load it", kind: .notSaved))
            }
            let age = DueListing.age(of: copy.savedAt, now: now)
            QueueCommands.printError(label + (offline ? "showing what was saved \(age) (--offline)" : userMessage(for: error) + "; showing what was saved \(age)"))
            return .success((copy.value, copy.savedAt))
        }
    }

    /// What `outcome` read; nil, with its failure said (as JSON too when `json`), when it read nothing.
    static func said<Value>(_ outcome: Result<Value, Failure>, json: Bool) -> Value? {
        switch outcome {
        case let .success(value):
            return value
        case let .failure(failure):
            FailureReport.say(failure.message, kind: failure.kind, json: json)
            return nil
        }
    }
}
