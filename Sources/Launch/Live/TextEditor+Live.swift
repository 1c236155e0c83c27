import CourseKit
import FoundationEssentials
import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

extension TextEditor {
    /// `$VISUAL`, else `$EDITOR`, else `vi`, as `git commit` chooses; run through `/bin/sh`, so
    /// a command with words of its own (`code --wait`) works, on the terminal the app lends it
    /// through `handover`, with the app's environment less the Canvas token.
    static func live(environment: [String: String], handover: TerminalHandover) -> TextEditor {
        let editor = command(in: environment)
        let passed = ChildProcess.passedOn(environment)
        return TextEditor { file in
            await MainActor.run {
                handover.run { run(editor, on: file.path, environment: passed) }
            }
        }
    }

    /// The editor command `environment` names.
    static func command(in environment: [String: String]) -> String {
        environment["VISUAL"]?.nonBlank ?? environment["EDITOR"]?.nonBlank ?? "vi"
    }

    /// Runs `editor` on `path` in the foreground and waits for it to end.
    static func run(_ editor: String, on path: String, environment: [String: String]) -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let script = editor + " \"$@\""
        guard case let .success(pid) = Spawn.start("/bin/sh", ["sh", "-c", script, editor, path], environment: environment, actions: &actions) else {
            return .failed("Couldn't start /bin/sh to run the editor (\(editor))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .failed("Lost track of the editor (\(editor))") }
        }
        let signal = status & 0x7F
        if signal != 0 { return .failed("The editor (\(editor)) was stopped by signal \(signal)") }
        switch (status >> 8) & 0xFF {
        case 0: return .edited
        case 126, 127: return .failed("The editor (\(editor)) could not be started; set VISUAL or EDITOR to one that is installed")
        case let code: return .failed("The editor (\(editor)) exited with status \(code)")
        }
    }
}
