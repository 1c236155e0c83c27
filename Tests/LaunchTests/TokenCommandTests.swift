import Foundation
@testable import Launch
import Testing

/// A token command's standard output is the token; anything else it does is an error that
/// names it, and it never sees `CANVAS_TOKEN`.
struct TokenCommandTests {
    let environment = ["PATH": "/usr/bin:/bin"]

    @Test func itsOutputTrimmedIsTheToken() throws {
        #expect(try TokenCommand.token(from: "printf '  1~abc\\n\\n'", environment: environment) == "1~abc")
        #expect(try TokenCommand.token(from: "echo 'not this' >&2; echo 2~def", environment: environment) == "2~def", "stderr is not the token")
    }

    @Test(arguments: [
        ("exit 3", "exit status 3"),
        ("true", "it printed nothing"),
        ("printf 'a\\nb\\n'", "it printed more than one line"),
        ("no-such-command-here", "command not found (exit status 127)"),
        ("kill -TERM $$", "it was stopped by signal 15"),
    ])
    func aCommandThatGivesNoTokenSaysWhy(command: String, reason: String) {
        #expect(throws: SetupError.tokenCommandFailed(command: command, reason: reason)) {
            try TokenCommand.token(from: command, environment: environment)
        }
    }

    @Test func itDoesNotSeeTheTokenInTheEnvironment() throws {
        let seen = try TokenCommand.token(from: "printf '%s' \"${CANVAS_TOKEN:-none}\"", environment: environment.merging(["CANVAS_TOKEN": "secret"]) { $1 })
        #expect(seen == "none")
    }

    @Test func aHugeOutputIsCutNotHeldWhole() {
        // 1 MB on one line: read to the end (so the command never blocks on a full pipe) and refused.
        let command = "head -c 1048576 /dev/zero | tr '\\0' 'x'"
        #expect(throws: SetupError.tokenCommandFailed(command: command, reason: "it printed over 64 KB")) {
            try TokenCommand.token(from: command, environment: environment)
        }
    }

    @Test func aChildLeftRunningInTheBackgroundDoesNotHoldTheTokenBack() throws {
        let started = ContinuousClock.now
        #expect(try TokenCommand.token(from: "printf 3~ghi; sleep 30 &", environment: environment) == "3~ghi")
        #expect(ContinuousClock.now - started < .seconds(10), "the command's exit ends the wait, not the pipe's")
    }

    @Test func aCommandThatNeverEndsIsStoppedAfterTheTimeLimit() {
        let started = ContinuousClock.now
        #expect(throws: SetupError.tokenCommandFailed(command: "sleep 30", reason: "it gave no token within 1 s")) {
            try TokenCommand.token(from: "sleep 30", environment: environment, timeLimit: .seconds(1))
        }
        #expect(ContinuousClock.now - started < .seconds(10))
    }
}
