import FakeCanvasKit
import Foundation
import Glibc
import Testing

/// Handing files in to assignments end to end: `s` in the UI and `coursebrowser submit`, on the
/// offline sample and on a (fake) Canvas, and a drain killed again and again that still makes
/// exactly one attempt per queued submission.
@Suite struct SubmitEndToEndTests {
    /// The queue as `coursebrowser queue --json` prints it.
    static func jobs(_ data: URL, environment: [String: String]) throws -> [[String: Any]] {
        try UploadEndToEndTests.jobs(dataDirectory: data, environment: environment)
    }

    // MARK: From the shell

    @Suite struct FromTheShell {
        @Test func eachCheckThatFailsSaysWhyAndQueuesNothing() throws {
            let directory = try UploadEndToEndTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let data = directory.appendingPathComponent("data")
            let environment = AppCommand.environment(token: nil, home: directory)
            let pdf = directory.appendingPathComponent("draft.pdf")
            let text = directory.appendingPathComponent("notes.txt")
            _ = try TestFile.write(pdf, size: 100)
            _ = try TestFile.write(text, size: 100)
            let cases: [([String], String)] = [
                (["10003", "100034", pdf.path], #"Final Project is locked: This assignment is locked until "Project Draft" is graded."#),
                (["10003", "100033", pdf.path, text.path], "notes.txt: Project Draft takes only .pdf, .docx or .odt files"),
                (["10004", "100044", pdf.path], "Participation takes no file uploads (it takes: on paper)"),
                (["10003", "999", pdf.path], "Course 10003 has no assignment 999"),
                (["77777", "1", pdf.path], "No course with ID 77777"),
                (["10003", "100033", directory.appendingPathComponent("gone.pdf").path], "Can't find \(directory.path)/gone.pdf"),
            ]
            for (arguments, message) in cases {
                let result = try AppCommand.run(
                    ["submit", "--course", arguments[0], "--assignment", arguments[1]] + arguments.dropFirst(2) + ["--data-dir", data.path],
                    environment: environment
                )
                #expect(result.status == 1, "\(arguments): \(result.stderr)")
                #expect(result.stderr == "coursebrowser: \(message)\n", "\(arguments)")
                #expect(result.stdout.isEmpty)
            }
            #expect(try jobs(data, environment: environment).isEmpty, "nothing was queued")
        }

        @Test func aLateSubmissionIsWarnedAboutThenHandedInAsOneAttemptOfByteIdenticalFiles() throws {
            let directory = try UploadEndToEndTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let data = directory.appendingPathComponent("data")
            let environment = AppCommand.environment(token: nil, home: directory)
            let essay = directory.appendingPathComponent("response.pdf")
            let notes = directory.appendingPathComponent("my notes.txt")
            let essayBytes = try TestFile.write(essay, size: 70_000)
            let notesBytes = try TestFile.write(notes, size: 300)

            // Standard input is no terminal here, as in a script: it says what it does without asking.
            let submit = try AppCommand.run(
                ["submit", "--course", "10004", "--assignment", "100042", essay.path, notes.path, "--data-dir", data.path], environment: environment
            )
            #expect(submit.status == 0, "\(submit.stderr)")
            let said = submit.stderr.split(separator: "\n").map(String.init)
            #expect(said.count == 2, "\(submit.stderr)")
            #expect(said.first?.hasPrefix("coursebrowser: warning: Reading Response was due ") == true, "\(submit.stderr)")
            #expect(said.first?.hasSuffix(" ago: this submission will be marked late") == true, "\(submit.stderr)")
            #expect(said.last?.hasPrefix("Hand in response.pdf and 1 more to Reading Response — attempt 3, late by ") == true, "\(submit.stderr)")
            #expect(said.last?.hasSuffix(", replaces what the teacher sees") == true, "\(submit.stderr)")
            let line = submit.stdout.trimmingCharacters(in: .newlines)
            #expect(line.hasSuffix(" Reading Response: \(essay.path) \(notes.path)"), "\(line)")
            let id = String(line.dropFirst("queued ".count).prefix { $0 != " " })

            let table = try AppCommand.run(["queue", "--data-dir", data.path], environment: environment)
            #expect(table.stdout.contains("submission to Reading Response  response.pdf +1  70.3 KB"), "\(table.stdout)")
            let listed = try #require(try jobs(data, environment: environment).first)
            #expect(listed["kind"] as? String == "submission")
            #expect((listed["assignment"] as? [String: Any])?["id"] as? String == "100042")
            #expect((listed["files"] as? [[String: Any]])?.map { $0["name"] as? String } == ["response.pdf", "my notes.txt"])

            let drain = try AppCommand.run(["drain", "--data-dir", data.path, "--timeout", "30"], environment: environment)
            #expect(drain.status == 0, "\(drain.stderr)")
            // The sample catalog already has attempt 2 of this assignment.
            #expect(drain.stdout.contains("done \(id) response.pdf +1: submitted late (attempt 3)\n"), "\(drain.stdout)")
            let attempt = data.appendingPathComponent("submissions/10004/100042/attempt-3")
            #expect(FileManager.default.contents(atPath: attempt.appendingPathComponent("response.pdf").path) == essayBytes)
            #expect(FileManager.default.contents(atPath: attempt.appendingPathComponent("my notes.txt").path) == notesBytes)
            let after = try #require(try jobs(data, environment: environment).first)
            let recorded = (after["assignment"] as? [String: Any])?["submitted"] as? [String: Any]
            #expect(recorded?["attempt"] as? Int == 3)
            #expect(recorded?["late"] as? Bool == true)

            let again = try AppCommand.run(["drain", "--data-dir", data.path, "--timeout", "30"], environment: environment)
            #expect(again.status == 0)
            #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("submissions/10004/100042/attempt-3").path))
            #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("submissions/10004/100042/attempt-4").path), "a second drain hands in nothing")
        }

        @Test func atATerminalItAsksFirstAndOnlyYesQueuesWhileYesGivenSkipsTheQuestion() async throws {
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            let data = tmux.dataDirectory
            let draft = tmux.directory.appendingPathComponent("draft.pdf")
            _ = try TestFile.write(draft, size: 100)
            let submit = ["submit", "--course", "10003", "--assignment", "100033", draft.path, "--data-dir", data.path]
            let environment = AppCommand.environment(token: nil, home: tmux.directory)
            let question = "Hand in draft.pdf to Project Draft — attempt 1? y/n"

            for answer in ["n", "", "yeah"] {
                try tmux.run("clear")
                try tmux.launchApp(submit)
                try await tmux.waitFor("the question") { $0.lines.contains { $0.hasPrefix(question) } }
                try tmux.run(answer)
                #expect(try await tmux.waitForExit() == 3, "'\(answer)' hands nothing in, and is no failure")
                let said = try await tmux.waitFor("why nothing was queued") { $0.contains("Nothing was handed in") }
                #expect(said.contains("coursebrowser: Nothing was handed in: answer y to hand the files in, or give --yes"), "\(said.text)")
                #expect(try jobs(data, environment: environment).isEmpty, "'\(answer)' queued nothing")
            }

            // Ctrl-D ends the input without an answer: that is no, too.
            try tmux.run("clear")
            try tmux.launchApp(submit)
            try await tmux.waitFor("the question") { $0.lines.contains { $0.hasPrefix(question) } }
            try tmux.press("C-d")
            #expect(try await tmux.waitForExit() == 3, "the end of input hands nothing in")
            #expect(try jobs(data, environment: environment).isEmpty, "the end of input queued nothing")

            try tmux.run("clear")
            try tmux.launchApp(submit)
            try await tmux.waitFor("the question") { $0.lines.contains { $0.hasPrefix(question) } }
            try tmux.run("y")
            #expect(try await tmux.waitForExit() == 0)
            #expect(try jobs(data, environment: environment).count == 1)

            try tmux.run("clear")
            try tmux.launchApp(submit + ["--yes"])
            let screen = try await tmux.waitFor("submit --yes to end") { $0.exitStatus != nil }
            #expect(screen.exitStatus == 0, "\(screen.text)")
            #expect(screen.contains("Hand in draft.pdf to Project Draft — attempt 1"), "it still says what it does: \(screen.text)")
            #expect(!screen.contains("y/n"), "--yes doesn't ask: \(screen.text)")
            #expect(try jobs(data, environment: environment).count == 2)
        }

        @Test func fileNamesWithEscapeSequencesArePrintedCleaned() throws {
            let directory = try UploadEndToEndTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let data = directory.appendingPathComponent("data")
            let environment = AppCommand.environment(token: nil, home: directory)
            // A clipboard write (OSC 52), a screen clear, and a C1 CSI with a right-to-left override.
            let hostile = directory.appendingPathComponent("draft\u{1B}]52;c;cm0gLXJmIH4=\u{07}\u{1B}[2J\u{9B}31m\u{202E}.pdf")
            _ = try TestFile.write(hostile, size: 10)
            let wrong = directory.appendingPathComponent("x\u{1B}[31m.exe")
            _ = try TestFile.write(wrong, size: 10)
            let submit = try AppCommand.run(["submit", "--course", "10003", "--assignment", "100033", hostile.path, "--data-dir", data.path], environment: environment)
            let refused = try AppCommand.run(["submit", "--course", "10003", "--assignment", "100033", wrong.path, "--data-dir", data.path], environment: environment)
            let queue = try AppCommand.run(["queue", "--data-dir", data.path], environment: environment)
            let drain = try AppCommand.run(["drain", "--data-dir", data.path, "--timeout", "30"], environment: environment)
            for (name, output) in [("submit", submit.stdout), ("refused", refused.stderr), ("queue", queue.stdout), ("drain", drain.stdout)] {
                #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(name) printed a control character: \(output.debugDescription)")
                #expect(output.contains(".pdf") || output.contains(".exe"), "\(name): \(output.debugDescription)")
            }
            #expect(submit.status == 0)
            #expect(refused.status == 1)

            let json = try AppCommand.run(["queue", "--json", "--data-dir", data.path], environment: environment)
            #expect(!json.stdout.unicodeScalars.contains { $0.value == 0x1B || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E },
                    "--json wrote a control character raw: \(json.stdout.debugDescription)")
            let jobs = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
            #expect(jobs?.first?["file"] as? String == hostile.lastPathComponent, "and its JSON still says the name exactly")
        }
    }

    // MARK: In the UI

    @Suite(.serialized) struct InTheUI {
        /// Presses `s`, picks the assignment whose name starts with `name`, gives `path` and presses
        /// Enter; the question that follows is the caller's to answer (`handIn`).
        static func submit(_ path: String, to name: String, in tmux: TmuxSession) async throws {
            try tmux.press("s")
            try await tmux.waitFor(box: "Course", "the assignment picker") { $0.contains("Submit to:") }
            try tmux.type(name)
            try await tmux.waitFor(box: "Course", "\(name) chosen") { $0.lines.contains { $0.contains("› \(name)") } }
            try tmux.press("Enter")
            try await tmux.waitFor(box: "Course", "the file prompt") { $0.contains("Submit to \(name)") }
            try tmux.type(path)
            try tmux.press("Enter")
        }

        /// Waits for the question the flow asks before a hand-in to `name`, and answers y.
        static func handIn(to name: String, in tmux: TmuxSession) async throws {
            try await tmux.waitFor(box: "Course", "the question before the hand-in") { $0.containsIgnoringWrapping("to \(name)") && $0.contains("y/n") }
            try tmux.press("y")
        }

        @Test func beforeHandingInItSaysWhatWillHappenAndNoLeavesTheFilesTypedAndNothingQueued() async throws {
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            let file = tmux.directory.appendingPathComponent("response.pdf")
            _ = try TestFile.write(file, size: 3000)
            try tmux.launchApp(["--course", "10004", "--data-dir", tmux.dataDirectory.path])
            try await tmux.waitFor(box: "Course", "course 10004 and its assignments") { $0.isFocused && $0.contains("Reading Response") }

            try await Self.submit("response.pdf", to: "Reading Response", in: tmux)
            let asked = try await tmux.waitFor(box: "Course", "the question") { $0.contains("y/n") }
            #expect(asked.containsIgnoringWrapping("Hand in response.pdf to Reading Response — attempt 3, late by 3 days, replaces what the teacher sees? y/n"),
                    "\(asked)")
            try tmux.press("Enter")
            try tmux.press("n")
            let back = try await tmux.waitFor(box: "Course", "the prompt again") { !$0.contains("y/n") && $0.contains("Enter next") }
            #expect(back.contains("Submit to Reading Response: response.pdf"), "the file is still typed: \(back)")
            let uploads = try await tmux.waitFor(boxTitled: "Queue", "the empty queue") { $0.contains("Nothing queued") }
            #expect(!uploads.contains("response.pdf"), "nothing was queued: \(uploads)")

            try tmux.press("Enter")
            try await Self.handIn(to: "Reading Response", in: tmux)
            let course = try await tmux.waitFor(box: "Course", "the submission handed in") { $0.contains("Handed in response.pdf to Reading Response") }
            #expect(course.containsIgnoringWrapping("attempt 3"), "\(course)")
            try await tmux.waitFor(boxTitled: "Queue", "the job done") { $0.contains("response.pdf") && $0.contains("(attempt 3)") }
        }

        @Test func sPicksTheAssignmentAndTheFileAndTheAssignmentsSectionThenSaysSubmitted() async throws {
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            let file = tmux.directory.appendingPathComponent("draft.odt")
            let bytes = try TestFile.write(file, size: 5000)
            try tmux.launchApp(["--course", "10003", "--data-dir", tmux.dataDirectory.path])
            try await tmux.waitFor(box: "Course", "course 10003 and its assignments") { $0.isFocused && $0.contains("Project Draft") }
            try await tmux.waitFor(text: " s submit ")

            try await Self.submit("notes.txt", to: "Project Draft", in: tmux)
            let refused = try await tmux.waitFor(box: "Course", "the refusal") { $0.contains("❗") }
            #expect(refused.containsIgnoringWrapping("❗ notes.txt: Project Draft takes only .pdf, .docx or .odt files"), "\(refused)")
            try tmux.press("C-u")
            try tmux.type("dr")
            try tmux.press("Tab")
            try await tmux.waitFor(box: "Course", "the completed path") { $0.contains("Submit to Project Draft: draft.odt") }
            try tmux.press("Enter")
            try await Self.handIn(to: "Project Draft", in: tmux)

            let course = try await tmux.waitFor(box: "Course", "the submission handed in") { $0.contains("Handed in draft.odt to Project Draft") }
            #expect(course.containsIgnoringWrapping("attempt 1"), "\(course)")
            let section = try await tmux.waitFor(box: "Course", "the assignment marked submitted") { box in
                box.lines.contains { $0.contains("pts · submitted") }
            }
            #expect(section.lines.contains { $0.contains("due ") && $0.contains("50 pts · submitted") }, "\(section)")
            let uploads = try await tmux.waitFor(boxTitled: "Queue", "the job done") { $0.contains("submitted (attempt 1)") }
            #expect(uploads.contains("draft.odt"))
            let stored = tmux.dataDirectory.appendingPathComponent("submissions/10003/100033/attempt-1/draft.odt")
            #expect(FileManager.default.contents(atPath: stored.path) == bytes)
        }

        @Test func onCanvasTheFilesGoToTheAssignmentAndCanvasHasOneAttempt() async throws {
            let server = try FakeCanvasServer()
            defer { server.stop() }
            try await server.configure(#"{"role": "student"}"#)
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            let file = tmux.directory.appendingPathComponent("essay.pdf")
            _ = try TestFile.write(file, size: 20_000)
            try tmux.launchApp(canvas: server, ["--course", "43"])
            try await tmux.waitFor(box: "Course", "course 43 and its assignments") { $0.isFocused && $0.contains("Essay") }

            try await Self.submit(file.path, to: "Essay", in: tmux)
            try await Self.handIn(to: "Essay", in: tmux)
            try await tmux.waitFor(boxTitled: "Course", "the submission handed in", timeout: .seconds(20)) { $0.contains("Handed in essay.pdf to Essay") }
            try await tmux.waitFor(box: "Course", "Essay marked submitted") { $0.lines.contains { $0.contains("10 pts · submitted") } }
            let recorded = try await server.submissions()
            #expect(recorded.map(\.attempt) == [1])
            #expect(recorded.first?.assignment_id == Int(FakeCanvasServer.assignmentID(course: 43, number: 2)))
            #expect(recorded.first?.files.map(\.sha256) == [try TestFile.sha256(file)])
        }
    }
}

extension SubmitEndToEndTests {
    /// `drain` killed with SIGKILL at random moments, over and over, against a Canvas that loses
    /// answers after recording them, answers slowly, fails and resets: every queued submission
    /// still ends as exactly one attempt, with exactly the bytes queued.
    @Suite(.serialized) struct KilledAgainAndAgain {
        /// A tiny seeded generator (SplitMix64), so a failing run can be told apart by its seed.
        struct Delays {
            var state: UInt64

            mutating func next(upTo limit: UInt64) -> UInt64 {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return (z ^ (z >> 31)) % limit
            }
        }

        /// Whether `shown` is `name` or Canvas's name for another copy of it: `essay-2.pdf` for
        /// `essay.pdf`, and after seven copies `essay-<uuid>.pdf` (the names here have one dot).
        static func name(_ shown: String, isCanvasCopyOf name: String) -> Bool {
            let ext = (name as NSString).pathExtension
            let stem = (name as NSString).deletingPathExtension
            guard shown != name else { return true }
            guard shown.hasPrefix(stem + "-"), shown.hasSuffix("." + ext) else { return false }
            let mark = shown.dropFirst(stem.count + 1).dropLast(ext.count + 1)
            return ["1", "2", "3", "4", "5", "6", "7"].contains(mark) || UUID(uuidString: String(mark)).map { $0.uuidString.lowercased() == mark } == true
        }

        /// A submission the test queues: its course, assignment and files.
        struct Planned {
            var course: Int
            var assignment: String
            var files: [URL]
        }

        // A hang guard, not a speed test: alone it takes up to six minutes (the last drain may wait
        // out the longest backoff), and beside the whole suite on two cores it has waited minutes for a turn.
        @Test(.timeLimit(.minutes(14)))
        func everyQueuedSubmissionMakesExactlyOneAttemptHoweverOftenDrainIsKilled() async throws {
            // Up for longer than the last drain may wait (below).
            let server = try FakeCanvasServer(arguments: ["--lifetime", "900"])
            defer { server.stop() }
            try await server.configure(#"{"role": "student"}"#)
            let shell = try CanvasCommandLine(server: server)
            defer { shell.remove() }
            let (directory, data, canvas, environment) = (shell.directory, shell.data, shell.arguments, shell.environment)

            var planned: [Planned] = []
            // Courses a student may open (42 and 45 are unpublished and concluded on the fake).
            for course in [43, 44, 46, 48, 49] {
                let essay = directory.appendingPathComponent("essay-\(course).pdf")
                let sources = directory.appendingPathComponent("sources-\(course).docx")
                let homework = directory.appendingPathComponent("homework-\(course).pdf")
                _ = try TestFile.write(essay, size: 300_000 + course)
                _ = try TestFile.write(sources, size: 40_000)
                _ = try TestFile.write(homework, size: 90_000)
                planned.append(Planned(course: course, assignment: FakeCanvasServer.assignmentID(course: course, number: 2), files: [essay, sources]))
                planned.append(Planned(course: course, assignment: FakeCanvasServer.assignmentID(course: course, number: 1), files: [homework]))
            }
            // A second submission to one assignment: it must become the later attempt.
            let revised = directory.appendingPathComponent("essay-43-revised.pdf")
            _ = try TestFile.write(revised, size: 123_456)
            planned.append(Planned(course: 43, assignment: FakeCanvasServer.assignmentID(course: 43, number: 2), files: [revised]))
            for submission in planned {
                let result = try AppCommand.run(
                    ["submit", "--course", String(submission.course), "--assignment", submission.assignment] + submission.files.map(\.path) + canvas,
                    environment: environment
                )
                try #require(result.status == 0, "submit failed: \(result.stderr)")
            }

            // The hand-in itself (a match ending in $ ends the path) loses its answer after Canvas
            // recorded it, or answers slowly, so a kill lands while Canvas is still making it.
            try await server.fault(#"[{"match": "/submissions$", "method": "POST", "kind": "lost_reply", "count": 4},"#
                + #"{"match": "/submissions$", "method": "POST", "kind": "slow", "seconds": 0.4, "count": 3},"#
                + #"{"match": "/submissions/self/files", "method": "POST", "kind": "500", "count": 2},"#
                + #"{"match": "/files_api/upload/", "kind": "reset", "count": 2},"#
                // Every other request slow, so each drain gets only part of the way before it is
                // killed and enough kills land mid-work before the queue is empty.
                + #"{"match": "/", "kind": "slow", "seconds": 0.35, "count": -1}]"#)

            let seed = UInt64(Date().timeIntervalSince1970 * 1000)
            var delays = Delays(state: seed)
            let output = directory.appendingPathComponent("drain.out")
            var killedMidWork = 0
            var kills = 0
            // Forty kills, and more (up to 130) until ten of them landed mid-work: how many
            // land so depends on the machine's speed, and fewer would test less. Once the queue is
            // empty no kill can land mid-work, so every request is slowed enough to keep it busy.
            while kills < 40 || (killedMidWork < 10 && kills < 130) {
                kills += 1
                let pid = try AppCommand.start(["drain", "--timeout", "60"] + canvas, environment: environment, output: output)
                if kills.isMultiple(of: 2), killedMidWork < 10 {
                    // Until ten have landed mid-work, every other kill waits until the drain is at
                    // work, however long a debug build beside the whole suite takes to start, then
                    // lands a moment into it; the rest come at random times from the start.
                    for _ in 0..<100 where (try? String(contentsOf: output, encoding: .utf8))?.contains("uploading ") != true {
                        try await Task.sleep(for: .milliseconds(50))
                    }
                    try await Task.sleep(for: .milliseconds(delays.next(upTo: 400)))
                } else {
                    // Past forty, a machine slow to start each drain gets longer before the kill, and
                    // longer again past seventy.
                    try await Task.sleep(for: .milliseconds(30 + delays.next(upTo: kills > 70 ? 3000 : kills > 40 ? 1500 : 700)))
                }
                kill(pid, SIGKILL)
                try await AppCommand.waitUntilGone(pid)
                if (try? String(contentsOf: output, encoding: .utf8))?.contains("uploading ") == true {
                    killedMidWork += 1
                }
            }
            #expect(killedMidWork >= 10, "seed \(seed): only \(killedMidWork) of \(kills) kills landed while a submission was under way")
            // On a thread of its own: this drain may run for minutes, and waiting on one of the few
            // threads every test's tasks share would hold the rest of the suite up meanwhile. It
            // outlasts the longest backoff (5 min): the kills, each within a second, may leave the
            // lost answers to it, and a job they tried many times then waits that long before it
            // asks Canvas again, as a server failure's backoff is not cut short by other jobs' success.
            let final = try await offThePool { try AppCommand.run(["drain", "--timeout", "420"] + canvas, environment: environment) }
            #expect(final.status == 0, "seed \(seed): the last drain: \(final.stdout) \(final.stderr)")

            let recorded = try await server.submissions()
            #expect(recorded.count == planned.count, "seed \(seed): one attempt per queued submission: \(recorded.map { ($0.assignment_id, $0.attempt) })")
            for (index, submission) in planned.enumerated() {
                let earlier = planned[..<index].filter { $0.course == submission.course && $0.assignment == submission.assignment }.count
                let attempts = recorded.filter { String($0.assignment_id) == submission.assignment && $0.course_id == submission.course }
                let attempt = attempts.first { $0.attempt == earlier + 1 }
                // A file uploaded again after a kill lands beside the first copy, which Canvas renames.
                let names = attempt?.files.map(\.name) ?? []
                #expect(names.count == submission.files.count && zip(names, submission.files).allSatisfy { Self.name($0, isCanvasCopyOf: $1.lastPathComponent) },
                        "seed \(seed): \(submission.assignment) attempt \(earlier + 1) holds \(names)")
                #expect(attempt?.files.map(\.sha256) == (try submission.files.map(TestFile.sha256)), "seed \(seed): byte-identical files")
            }
            let lost = try await server.requests().filter { $0.fault == "lost_reply" }
            #expect(lost.count == 4, "seed \(seed): every lost answer was tried")
            let jobs = try SubmitEndToEndTests.jobs(data, environment: environment)
            #expect(jobs.allSatisfy { $0["state"] as? String == "done" }, "seed \(seed): \(jobs.map { $0["state"] ?? "" })")
        }
    }
}
