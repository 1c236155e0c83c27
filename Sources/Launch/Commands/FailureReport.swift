import CourseKit
import TerminalUI

/// How a command says why it failed: on standard error for the person, and, when it prints JSON,
/// as `{"error": {"kind": …, "message": …}}` on standard output, so a script reading it gets an
/// answer it can parse whatever went wrong.
package enum FailureReport {
    /// Says `message`, a failure of `kind`; as JSON too when `json`.
    static func say(_ message: String, kind: FailureKind, json: Bool) {
        QueueCommands.printError(message)
        if json {
            QueueCommands.sayExactly(text(message, kind: kind))
        }
    }

    /// Says why `error` failed the command; as JSON too when `json`.
    static func say(_ error: any Error, json: Bool) {
        say(userMessage(for: error), kind: FailureKind.of(error), json: json)
    }

    /// The JSON object for a failure of `kind` saying `message`.
    package static func text(_ message: String, kind: FailureKind) -> String {
        let error = PrettyJSON.Value.object(["kind": .string(kind.rawValue), "message": .string(Sanitizer.clean(message))])
        return QueueListing.escapingTerminalControls(PrettyJSON.text(.object(["error": error])))
    }
}
