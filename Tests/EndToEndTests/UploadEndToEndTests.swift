import FakeCanvasKit
import Foundation
import Glibc
import Testing

/// The durable upload queue end to end: queued with `u` in the UI or with `coursebrowser upload`,
/// uploaded to the offline sample backend or to a (fake) Canvas, failing, waiting, recovering.
///
/// The groups are serialized inside and run beside each other, so the machine is never asked to
/// drive more apps and servers at once than it can redraw and capture in time.
@Suite struct UploadEndToEndTests {
    /// "127.0.0.1:PORT", as the app names the server in its messages.
    static func host(_ server: FakeCanvasServer) -> String {
        "127.0.0.1:\(server.baseURL.port ?? 0)"
    }

    /// The Uploads box's rows with text, trimmed.
    static func rows(_ box: Box) -> [String] {
        box.lines.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }

    /// Opens the upload prompt in the focused Course pane, types `path` and presses Enter.
    static func queue(_ path: String, in tmux: TmuxSession) async throws {
        try tmux.press("u")
        try await tmux.waitFor(box: "Course", "the upload prompt") { $0.contains("Upload file:") }
        try tmux.type(path)
        try tmux.press("Enter")
    }

    /// The queue as `coursebrowser queue --json` prints it.
    static func jobs(dataDirectory: URL, environment: [String: String]) throws -> [[String: Any]] {
        let result = try AppCommand.run(["queue", "--json", "--data-dir", dataDirectory.path], environment: environment)
        #expect(result.status == 0, "queue --json failed: \(result.stderr)")
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(parsed as? [[String: Any]], "not a list of jobs: \(result.stdout)")
    }

    /// The job ID in `queued <job-id> <file>`, the one line `coursebrowser upload` printed for `file`.
    static func queuedID(_ stdout: String, _ file: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let prefix = "queued "
        let suffix = " \(file.path)\n"
        try #require(stdout.hasPrefix(prefix) && stdout.hasSuffix(suffix), "not one queued line: \(stdout)", sourceLocation: sourceLocation)
        let id = String(stdout.dropFirst(prefix.count).dropLast(suffix.count))
        try #require(!id.isEmpty && !id.contains(" ") && !id.contains("\n"), "no job ID in: \(stdout)", sourceLocation: sourceLocation)
        return id
    }

    /// A fresh directory for a test that runs commands without tmux; remove it in a `defer`.
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cb-up-\(UUID().uuidString.prefix(8).lowercased())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// `f<E9>.txt`: "fé.txt" as Latin-1 wrote it, a name that is not UTF-8, as `\xNN` shows it.
    static let latin1Name: [UInt8] = Array("f".utf8) + [0xE9] + Array(".txt".utf8)
    static let latin1Shown = #"f\xE9.txt"#

    /// Writes `bytes` to the file whose path is exactly `path`, which a `String` can't hold.
    static func write(_ bytes: [UInt8], toPath path: [UInt8]) throws {
        let descriptor = open((path + [0]).map { CChar(bitPattern: $0) }, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        try #require(descriptor >= 0, "can't create the file: \(String(cString: strerror(errno)))")
        defer { close(descriptor) }
        #expect(bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
    }

    /// Runs `coursebrowser arguments…` with `file`'s path, given as its bytes, after them: a shell
    /// builds the argument (`printf` writes the byte), as one typed or globbed in a terminal would be.
    static func run(_ arguments: [String], file: [UInt8], environment: [String: String]) throws -> CommandResult {
        let octal = file.map { String(format: #"\%03o"#, $0) }.joined()
        let script = #"exec "$@" "$(printf '"# + octal + #"')""#
        return try Command.run("/bin/sh", ["-c", script, "sh", try AppBinary.path()] + arguments, environment: environment)
    }

    /// A fresh fake Canvas and a folder of its own for the queue and the files, where each `drain`
    /// test starts; call `end()` in a `defer`.
    struct QueueOnCanvas {
        let server: FakeCanvasServer
        let directory: URL
        let data: URL
        let environment: [String: String]
        /// The backend options every command of the test gives.
        let canvas: [String]

        init() throws {
            server = try FakeCanvasServer()
            do {
                directory = try temporaryDirectory()
            } catch {
                server.stop()
                throw error
            }
            data = directory.appendingPathComponent("data")
            environment = AppCommand.environment(token: server.token, home: directory)
            canvas = ["--canvas", server.baseURL.absoluteString, "--data-dir", data.path]
        }

        /// Writes a file of `size` bytes named `name` and queues it for course 1 with
        /// `coursebrowser upload`; returns the file and its job's ID.
        func upload(fileNamed name: String, size: Int) throws -> (file: URL, id: String) {
            let file = directory.appendingPathComponent(name)
            try TestFile.write(file, size: size)
            let upload = try AppCommand.run(["upload", "--course", "1", file.path] + canvas, environment: environment)
            return (file, try queuedID(upload.stdout, file))
        }

        /// Stops the server and removes the folder.
        func end() {
            server.stop()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// Runs commands with a folder mounted read-only over itself, in a mount namespace of their
    /// own, so the rest of the machine still sees it writable: a read-only disk, as the kernel
    /// reports it (`EROFS`), for root and user alike (a user gets the namespace through
    /// `unshare -r`, where the machine allows it).
    enum ReadOnlyMount {
        private static let script = #"mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" || exit 97; shift; exec "$@""#

        /// The program and arguments that run `command` with `folder` read-only.
        static func wrapping(_ command: [String], folder: String) -> (String, [String])? {
            guard let unshare = Command.which("unshare") else { return nil }
            let flags = geteuid() == 0 ? ["-m"] : ["-r", "-m"]
            return (unshare, flags + ["/bin/sh", "-c", script, "sh", folder] + command)
        }

        /// Whether this machine lets a test do it: `unshare` is there and the kernel allows the mount.
        static let isAvailable: Bool = {
            guard let directory = try? temporaryDirectory() else { return false }
            defer { try? FileManager.default.removeItem(at: directory) }
            let probe = ["/bin/sh", "-c", #"! touch "$0/probe" 2>/dev/null"#, directory.path]
            guard let (program, arguments) = wrapping(probe, folder: directory.path) else { return false }
            return (try? Command.run(program, arguments, environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]))?.status == 0
        }()

        /// Runs `coursebrowser arguments…` to completion with `folder` read-only.
        static func run(_ arguments: [String], folder: URL, environment: [String: String]) throws -> CommandResult {
            let (program, wrapped) = try #require(wrapping([try AppBinary.path()] + arguments, folder: folder.path))
            var environment = environment
            environment["PATH"] = "/usr/sbin:/usr/bin:/sbin:/bin"
            return try Command.run(program, wrapped, environment: environment)
        }

        /// The shell command line that starts `coursebrowser arguments…` with `folder` read-only.
        static func commandLine(_ arguments: [String], folder: URL) throws -> String {
            let (program, wrapped) = try #require(wrapping([try AppBinary.path()] + arguments, folder: folder.path))
            return ([program] + wrapped).map(\.shellQuoted).joined(separator: " ")
        }
    }

    // MARK: In the UI

    @Suite(.serialized) struct InTheUI {
        @Test func offlineUploadLandsByteIdenticalInTheDataDirAndAMissingPathQueuesNothing() async throws {
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            let file = tmux.directory.appendingPathComponent("essay.bin")
            let bytes = try TestFile.write(file, size: 3000)
            let missing = tmux.directory.appendingPathComponent("nope.txt")
            try tmux.launchApp(["--course", "10003", "--data-dir", tmux.dataDirectory.path])
            try await tmux.waitFor(box: "Course", "course 10003 open") { $0.isFocused && $0.contains("Lập trình Swift cơ bản") }

            try await queue(missing.path, in: tmux)
            let prompt = try await tmux.waitFor(box: "Course", "the prompt's message") { $0.contains("❗") }
            #expect(prompt.lines.first?.trimmingSpaces() == "Upload file: \(missing.path)", "the prompt stays open: \(prompt)")
            #expect(prompt.containsIgnoringWrapping("❗ Can't find \(missing.path)"), "\(prompt)")
            let environment = AppCommand.environment(token: nil, home: tmux.directory)
            #expect(try jobs(dataDirectory: tmux.dataDirectory, environment: environment).isEmpty, "nothing was queued")
            try await tmux.waitFor(box: "Queue", "still no uploads") { $0.contains("Nothing queued") }

            try tmux.press("Escape")
            try await tmux.waitFor(box: "Course", "the prompt closed") { !$0.contains("Upload file:") }
            try await queue(file.path, in: tmux)
            try await tmux.waitFor(box: "Course", "the confirmation") { $0.contains("Queued essay.bin for upload") }
            let uploads = try await tmux.waitFor(boxTitled: "Queue", "the job done") { $0.contains("done") }
            #expect(uploads.title == "Queue · 1")
            #expect(rows(uploads).count == 1)
            #expect(rows(uploads).first?.contains(/^✓ essay\.bin +INT2215 +3\.0 KB +done$/) == true, "\(uploads)")

            let landed = tmux.dataDirectory.appendingPathComponent("uploads/10003/essay.bin")
            #expect(FileManager.default.contents(atPath: landed.path) == bytes, "not byte-identical at \(landed.path)")
            let listed = try jobs(dataDirectory: tmux.dataDirectory, environment: environment)
            #expect(listed.map { $0["file"] as? String } == ["essay.bin"])
            #expect(listed.first?["state"] as? String == "done")
        }

        @Test func rejectedUploadIsMarkedFailedAndRInUploadsRetriesIt() async throws {
            let server = try FakeCanvasServer()
            defer { server.stop() }
            try await server.fault(#"{"match": "/api/v1/courses/1/files", "method": "POST", "kind": "unauthorized", "count": 1}"#)
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            let file = tmux.directory.appendingPathComponent("essay.bin")
            try TestFile.write(file, size: 3000)
            try tmux.launchApp(canvas: server, ["--course", "1"])
            try await tmux.waitFor(box: "Course", "course 1 open") { $0.isFocused && $0.contains("MATH 101") }

            try await queue(file.path, in: tmux)
            try await tmux.waitFor(box: "Course", "the confirmation") { $0.contains("Queued essay.bin for upload") }
            let failed = try await tmux.waitFor(boxTitled: "Queue", "the job failed for good") { $0.contains("❗") }
            #expect(failed.title == "Queue · 1 · 1 failed")
            let row = try #require(rows(failed).first)
            #expect(row.hasPrefix("❗ essay.bin"), "\(failed)")
            #expect(row.contains(/essay\.bin +1 +3\.0 KB +/), "course and size: \(row)")
            #expect(row.contains("\(host(server)) rejected the access token"), "\(row)")
            #expect(row.hasSuffix("[r]etry"), "\(row)")
            #expect(!failed.isFocused)

            // Tab from the Course pane goes to Uploads.
            try tmux.press("Tab")
            let focused = try await tmux.waitFor("the Uploads pane focused") { $0.box(titled: "Queue")?.isFocused == true }
            #expect(focused.lastNonBlankLine.contains("r retry  R retry all  d remove"), "\(focused.lastNonBlankLine)")
            try tmux.press("r")
            let done = try await tmux.waitFor(boxTitled: "Queue", "the job done after r") { $0.contains("done") }
            #expect(done.title == "Queue · 1")
            #expect(rows(done).count == 1)
            #expect(rows(done).first?.contains(/^✓ essay\.bin +1 +3\.0 KB +done$/) == true, "\(done)")

            let stored = try await server.files()
            #expect(stored.count == 1, "exactly one copy: \(stored)")
            #expect(stored.first?.name == "essay.bin")
            #expect(stored.first?.course_id == 1)
            #expect(stored.first?.size == 3000)
            #expect(stored.first?.sha256 == (try TestFile.sha256(file)))
            let step1 = try await server.requests().filter(\.isStep1)
            #expect(step1.map(\.fault) == ["unauthorized", nil], "one rejected start, one good one")
        }

        @Test func aStudentIsToldBeforeQueueingThatOnlyTeachersAddCourseFiles() async throws {
            let server = try FakeCanvasServer()
            defer { server.stop() }
            try await server.configure(#"{"role": "student"}"#)
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            let file = tmux.directory.appendingPathComponent("homework.pdf")
            try TestFile.write(file, size: 2000)
            try tmux.launchApp(canvas: server, ["--course", "2"])
            try await tmux.waitFor(box: "Course", "course 2 open") { $0.isFocused && $0.contains("BIO 102") }

            try tmux.press("u")
            let said = try await tmux.waitFor(box: "Course", "why u does nothing") { $0.containsIgnoringWrapping("Only teachers add files") }
            #expect(said.containsIgnoringWrapping("Only teachers add files to a course's Files, and you are a student in BIO 102; hand files in to an assignment with s"), "\(said)")
            #expect(!said.containsIgnoringWrapping("Upload to"), "no prompt opened")
            let environment = AppCommand.environment(token: server.token, home: tmux.directory)
            let upload = try AppCommand.run(
                ["upload", "--course", "2", file.path, "--canvas", server.baseURL.absoluteString, "--data-dir", tmux.dataDirectory.path], environment: environment
            )
            #expect(upload.status == 1)
            #expect(upload.stderr == "coursebrowser: Only teachers add files to a course's Files, and you are a student in BIO 102; hand files in to an assignment with coursebrowser submit\n", "\(upload.stderr)")
            #expect(try jobs(dataDirectory: tmux.dataDirectory, environment: environment).isEmpty, "nothing was queued")
            #expect(try await server.requests().filter(\.isStep1).isEmpty, "nothing was sent")
        }

        @Test func dRemovesAFailedUploadAfterAskingAndShiftRRetriesTheRest() async throws {
            let server = try FakeCanvasServer()
            defer { server.stop() }
            try await server.fault(#"{"match": "/api/v1/courses/1/files", "method": "POST", "kind": "unauthorized", "count": 3}"#)
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            let sizes = ["a.txt": 1500, "b.txt": 2500, "c.txt": 700]
            for (name, size) in sizes {
                try TestFile.write(tmux.directory.appendingPathComponent(name), size: size)
            }
            try tmux.launchApp(canvas: server, ["--course", "1"])
            try await tmux.waitFor(box: "Course", "course 1 open") { $0.isFocused && $0.contains("MATH 101") }
            for name in sizes.keys.sorted() {
                try await queue(tmux.directory.appendingPathComponent(name).path, in: tmux)
                try await tmux.waitFor(box: "Course", "\(name) queued") { $0.contains("Queued \(name) for upload") }
            }
            let failed = try await tmux.waitFor(boxTitled: "Queue", "three failed jobs") { $0.title == "Queue · 3 · 3 failed" }
            #expect(rows(failed).filter { $0.hasPrefix("❗") }.map { String($0.prefix(7)) } == ["❗ a.txt", "❗ b.txt", "❗ c.txt"], "\(failed)")
            #expect(failed.containsIgnoringWrapping("a.txt: \(host(server)) rejected the access token from --token-file"),
                    "the selected job's reason in full: \(failed)")

            try tmux.press("Tab")
            try await tmux.waitFor(boxTitled: "Queue", "focus") { $0.isFocused }
            try tmux.press("Down", "d")
            let asking = try await tmux.waitFor(boxTitled: "Queue", "the question") { $0.contains("Remove b.txt from the queue? y/n") }
            #expect(rows(asking).filter { $0.hasPrefix("❗") }.count == 3)
            try tmux.press("n")
            let kept = try await tmux.waitFor(boxTitled: "Queue", "the question gone") { !$0.contains("Remove") }
            #expect(kept.title == "Queue · 3 · 3 failed", "n keeps the job")

            try tmux.press("d")
            try await tmux.waitFor(boxTitled: "Queue", "the question again") { $0.contains("Remove b.txt from the queue? y/n") }
            try tmux.press("y")
            let removed = try await tmux.waitFor(boxTitled: "Queue", "b.txt removed") { $0.title == "Queue · 2 · 2 failed" }
            #expect(!removed.contains("b.txt"))

            try tmux.press("R")
            let done = try await tmux.waitFor(boxTitled: "Queue", "both retried and done") { box in
                rows(box).count == 2 && rows(box).allSatisfy { $0.hasSuffix(" done") }
            }
            #expect(done.title == "Queue · 2")
            #expect(rows(done).count == 2)
            #expect(rows(done).allSatisfy { $0.hasPrefix("✓ ") && $0.hasSuffix(" done") }, "\(done)")
            let stored = try await server.files().sorted { $0.name < $1.name }
            #expect(stored.map(\.name) == ["a.txt", "c.txt"])
            #expect(stored.map(\.size) == [1500, 700])
            let environment = AppCommand.environment(token: nil, home: tmux.directory)
            #expect(try jobs(dataDirectory: tmux.dataDirectory, environment: environment).count == 2)
        }

        @Test func uploadWaitsWhileTheServerIsDownAndFinishesByItselfWhenItIsBack() async throws {
            let server = try FakeCanvasServer()
            defer { server.stop() }
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            let file = tmux.directory.appendingPathComponent("essay.bin")
            try TestFile.write(file, size: 3000)
            try tmux.launchApp(canvas: server, ["--course", "1"])
            try await tmux.waitFor("course 1 and the whole list") { screen in
                screen.box("Course")?.contains("Modules · 4") == true
                    && screen.box("Courses · Current · 104").map { !$0.contains("Loading more") } == true
            }

            try await server.control("POST", "/__control/down")
            try await queue(file.path, in: tmux)
            let waiting = try await tmux.glimpse("the job waiting to try again") { screen in
                screen.box(titled: "Queue").map { rows($0).first?.hasPrefix("↻ essay.bin") == true } ?? false
            }
            let row = try #require(waiting.box(titled: "Queue").flatMap { rows($0).first })
            #expect(row.contains(/^↻ essay\.bin +1 +3\.0 KB +Can't reach 127\.0\.0\.1, retry in \d+s$/), "\(row)")
            #expect(try await server.files().isEmpty)

            try await server.control("POST", "/__control/up")
            let done = try await tmux.waitFor(boxTitled: "Queue", "the job done with no key pressed", timeout: .seconds(25)) {
                $0.contains("done")
            }
            #expect(rows(done).first?.contains(/^✓ essay\.bin +1 +3\.0 KB +done$/) == true, "\(done)")
            let stored = try await server.files()
            #expect(stored.count == 1, "exactly one copy: \(stored)")
            #expect(stored.first?.sha256 == (try TestFile.sha256(file)))
        }

        @Test(.enabled(if: ReadOnlyMount.isAvailable, "no read-only mount here: unshare is missing or not allowed"))
        func aReadOnlyQueueStillBrowsesAndTheUploadsPaneSaysWhyNothingMoves() async throws {
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            let queued = tmux.directory.appendingPathComponent("queued.txt")
            let refused = tmux.directory.appendingPathComponent("refused.txt")
            try TestFile.write(queued, size: 100)
            try TestFile.write(refused, size: 100)
            let environment = AppCommand.environment(token: nil, home: tmux.directory)
            let data = tmux.dataDirectory
            let upload = try AppCommand.run(["upload", "--course", "10003", queued.path, "--data-dir", data.path], environment: environment)
            #expect(upload.status == 0, "\(upload.stderr)")

            try tmux.run(try ReadOnlyMount.commandLine(["--course", "10003", "--data-dir", data.path], folder: data) + #"; echo "exit=$?""#)
            try await tmux.waitFor(box: "Course", "course 10003 open") { $0.isFocused && $0.contains("Lập trình Swift cơ bản") }
            let uploads = try await tmux.waitFor(boxTitled: "Queue", "why the job does not move") { $0.contains("read-only") }
            #expect(rows(uploads).first?.hasPrefix("· queued.txt") == true, "the job is still listed: \(uploads)")
            #expect(uploads.containsIgnoringWrapping(
                "❗ Can't save to the upload queue in \(data.path): the disk is read-only. Nothing is queued or sent until it can be written."
            ), "\(uploads)")

            try await queue(refused.path, in: tmux)
            let prompt = try await tmux.waitFor(box: "Course", "the prompt's message") { $0.contains("❗") }
            #expect(prompt.containsIgnoringWrapping("❗ Can't save to the upload queue in \(data.path): the disk is read-only"), "\(prompt)")
            #expect(!prompt.text.contains("FileSystemError"))
            try tmux.press("Escape", "q")
            #expect(try await tmux.waitForExit() == 0)
            #expect(try jobs(dataDirectory: data, environment: environment).map { $0["file"] as? String } == ["queued.txt"])
        }
    }

    // MARK: From the shell

    @Suite(.serialized) struct FromTheShell {
        @Test func uploadQueueAndDrainStoreExactlyOneCopy() async throws {
            let server = try FakeCanvasServer()
            defer { server.stop() }
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let data = directory.appendingPathComponent("data")
            let file = directory.appendingPathComponent("essay.bin")
            try TestFile.write(file, size: 3000)
            let missing = directory.appendingPathComponent("missing.bin")
            let environment = AppCommand.environment(token: server.token, home: directory)
            let canvas = ["--canvas", server.baseURL.absoluteString, "--data-dir", data.path]

            let upload = try AppCommand.run(["upload", "--course", "1", file.path, missing.path] + canvas, environment: environment)
            #expect(upload.status == 1, "a file that can't be read fails the command")
            let id = try queuedID(upload.stdout, file)
            #expect(upload.stderr.contains("Can't find \(missing.path)"), "\(upload.stderr)")
            #expect(!upload.stderr.contains(server.token))

            let listed = try jobs(dataDirectory: data, environment: environment)
            #expect(listed.count == 1, "the missing file was not queued")
            let job = try #require(listed.first)
            #expect(job["id"] as? String == id)
            #expect(job["file"] as? String == "essay.bin")
            #expect(job["course"] as? String == "1")
            #expect(job["size"] as? Int == 3000)
            #expect(job["state"] as? String == "queued")
            #expect(job["attempts"] as? Int == 0)
            #expect(job["last_error"] is NSNull)
            #expect(job["backend"] as? String == "canvas \(server.baseURL.absoluteString)")
            let table = try AppCommand.run(["queue", "--data-dir", data.path], environment: environment)
            #expect(table.status == 0)
            let tableRow = table.stdout.split(separator: "\n").first { $0.hasPrefix(id) }.map(String.init)
            // Nothing saved the course list, and `queue` does not ask Canvas: the course by its ID.
            #expect(tableRow?.contains(/^\S+ +1 +file +essay\.bin +3\.0 KB +queued +0$/) == true, "\(table.stdout)")

            let drain = try AppCommand.run(["drain", "--timeout", "30"] + canvas, environment: environment)
            #expect(drain.status == 0, "\(drain.stdout)\(drain.stderr)")
            let lines = drain.stdout.split(separator: "\n").map(String.init)
            #expect(lines.contains("done \(id) essay.bin"), "\(lines)")
            #expect(lines == ["uploading \(id) essay.bin (attempt 1)", "done \(id) essay.bin", "nothing left to send"], "one line per change of state, then what is left")

            let stored = try await server.files()
            #expect(stored.count == 1, "exactly one copy: \(stored)")
            #expect(stored.first?.name == "essay.bin")
            #expect(stored.first?.size == 3000)
            #expect(stored.first?.sha256 == (try TestFile.sha256(file)))
            let after = try jobs(dataDirectory: data, environment: environment)
            #expect(after.first?["state"] as? String == "done")
            #expect(after.first?["attempts"] as? Int == 1)

            let again = try AppCommand.run(["drain", "--timeout", "30"] + canvas, environment: environment)
            #expect(again.status == 0)
            #expect(again.stdout == "nothing left to send\n", "nothing left to do, and it says so: \(again.stdout)")
            #expect(try await server.files().count == 1, "a second drain uploads nothing")
        }

        @Test func sampleBackendUploadAndDrainLandTheFileInTheDataDir() async throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let data = directory.appendingPathComponent("data")
            let file = directory.appendingPathComponent("lab3.zip")
            let bytes = try TestFile.write(file, size: 4321)
            let environment = AppCommand.environment(token: nil, home: directory)

            let upload = try AppCommand.run(["upload", "--course", "10003", file.path, "--data-dir", data.path], environment: environment)
            #expect(upload.status == 0, "\(upload.stderr)")
            let id = try queuedID(upload.stdout, file)
            // The queue keeps its own copy: changing the original afterwards changes nothing.
            try Data("changed".utf8).write(to: file)

            let drain = try AppCommand.run(["drain", "--data-dir", data.path, "--timeout", "30"], environment: environment)
            #expect(drain.status == 0)
            #expect(drain.stdout.contains("done \(id) lab3.zip\n"), "\(drain.stdout)")
            let landed = data.appendingPathComponent("uploads/10003/lab3.zip")
            #expect(FileManager.default.contents(atPath: landed.path) == bytes, "the queued bytes at \(landed.path)")
            let payload = data.appendingPathComponent("queue/jobs/\(id)/payload")
            // A detached process deletes it, so drain need not wait while its blocks are freed.
            try await eventually("the queue's copy is gone once uploaded") { !FileManager.default.fileExists(atPath: payload.path) }

            let cleared = try AppCommand.run(["queue", "--clear-done", "--data-dir", data.path], environment: environment)
            #expect(cleared.status == 0)
            #expect(cleared.stdout == "removed 1 finished upload(s)\nNothing queued.\n", "\(cleared.stdout)")
        }

        @Test func aFileNamedWithEscapeSequencesNeverReachesTheTerminalRaw() throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let data = directory.appendingPathComponent("data")
            // A clipboard write (OSC 52) and a screen clear, as a file name.
            let file = directory.appendingPathComponent("essay\u{1B}]52;c;cm0gLXJmIH4=\u{07}\u{1B}[2J.pdf")
            _ = try TestFile.write(file, size: 10)
            let environment = AppCommand.environment(token: nil, home: directory)

            let upload = try AppCommand.run(["upload", "--course", "10003", file.path, "--data-dir", data.path], environment: environment)
            let queue = try AppCommand.run(["queue", "--data-dir", data.path], environment: environment)
            let drain = try AppCommand.run(["drain", "--data-dir", data.path, "--timeout", "30"], environment: environment)
            let missing = try AppCommand.run(["upload", "--course", "10003", file.path + "\u{1B}[31m", "--data-dir", data.path], environment: environment)
            for (name, output) in [("upload", upload.stdout), ("queue", queue.stdout), ("drain", drain.stdout), ("error", missing.stderr)] {
                #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(name) printed a control character: \(output.debugDescription)")
            }
            #expect(upload.stdout.contains("essay.pdf"), "\(upload.stdout.debugDescription)")
            #expect(queue.stdout.contains("essay.pdf"))
            #expect(drain.stdout.contains("essay.pdf"))

            let json = try AppCommand.run(["queue", "--json", "--data-dir", data.path], environment: environment)
            let jobs = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
            #expect(jobs?.first?["file"] as? String == file.lastPathComponent, "--json keeps the name exact")
        }

        @Test func aFileNamedInAnotherEncodingIsQueuedByItsBytesListedEscapedAndDelivered() throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let data = directory.appendingPathComponent("data")
            let path = Array((directory.path + "/").utf8) + latin1Name
            let bytes = Array("Latin-1 bytes".utf8)
            try write(bytes, toPath: path)
            let environment = AppCommand.environment(token: nil, home: directory)
            let shownPath = directory.path + "/" + latin1Shown

            let upload = try run(["upload", "--course", "10003", "--data-dir", data.path], file: path, environment: environment)
            #expect(upload.status == 0, "\(upload.stderr)")
            let id = try queuedID(upload.stdout, URL(fileURLWithPath: shownPath))
            let submit = try run(["submit", "--course", "10003", "--assignment", "100032", "--data-dir", data.path], file: path, environment: environment)
            #expect(submit.status == 0, "\(submit.stderr)")
            #expect(submit.stdout.hasSuffix(" Reading Response: \(shownPath)\n"), "\(submit.stdout)")

            let table = try AppCommand.run(["queue", "--data-dir", data.path], environment: environment)
            let row = table.stdout.split(separator: "\n").first { $0.hasPrefix(id) }?.split(separator: " ").map(String.init)
            #expect(row == [id, "INT2215", "file", latin1Shown, "13", "B", "queued", "0"], "\(table.stdout)")
            let listed = try jobs(dataDirectory: data, environment: environment)
            #expect(listed.map { $0["file"] as? String } == [latin1Shown, latin1Shown])
            let file = try #require((listed.first?["files"] as? [[String: Any]])?.first)
            #expect(file["source"] as? String == shownPath)
            #expect((file["source_base64"] as? String).flatMap { Data(base64Encoded: $0) } == Data(path), "the exact path, for scripts")

            let drain = try AppCommand.run(["drain", "--data-dir", data.path, "--timeout", "30"], environment: environment)
            #expect(drain.status == 0, "\(drain.stdout)\(drain.stderr)")
            #expect(drain.stdout.contains("done \(id) \(latin1Shown)\n"), "\(drain.stdout)")
            // Canvas takes the name as text, and so do the offline backends: the escaped name, whose
            // bytes are UTF-8, is the one that lands.
            let landed = data.appendingPathComponent("uploads/10003/\(latin1Shown)")
            #expect(FileManager.default.contents(atPath: landed.path) == Data(bytes), "the bytes at \(landed.path)")
            let attempts = try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("submissions/10003/100032").path)
            let attempt = try #require(attempts.first { $0.hasPrefix("attempt-") }, "\(attempts)")
            let handedIn = data.appendingPathComponent("submissions/10003/100032/\(attempt)/\(latin1Shown)")
            #expect(FileManager.default.contents(atPath: handedIn.path) == Data(bytes), "the bytes at \(handedIn.path)")
        }

        @Test func aFileNamedInAnotherEncodingReachesCanvasUnderItsEscapedName() async throws {
            let server = try FakeCanvasServer()
            defer { server.stop() }
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = Array((directory.path + "/").utf8) + latin1Name
            try write(Array("Latin-1 bytes".utf8), toPath: path)
            let environment = AppCommand.environment(token: server.token, home: directory)
            let canvas = ["--canvas", server.baseURL.absoluteString, "--data-dir", directory.appendingPathComponent("data").path]

            let upload = try run(["upload", "--course", "1"] + canvas, file: path, environment: environment)
            #expect(upload.status == 0, "\(upload.stderr)")
            let drain = try AppCommand.run(["drain", "--timeout", "30"] + canvas, environment: environment)
            #expect(drain.status == 0, "\(drain.stdout)\(drain.stderr)")
            // Canvas keeps the name it is given as the file's display name, and replaces a file
            // of that name: U+FFFD would make f\xE9.txt and f\xE8.txt one file there.
            let stored = try await server.files()
            #expect(stored.map(\.name) == [latin1Shown])
            #expect(stored.first?.size == 13)
        }

        @Test(.enabled(if: ReadOnlyMount.isAvailable, "no read-only mount here: unshare is missing or not allowed"))
        func aReadOnlyQueueThatHasJobsSaysSoForEveryCommandThatWouldChangeIt() throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let data = directory.appendingPathComponent("data")
            let environment = AppCommand.environment(token: nil, home: directory)
            let names = ["done.txt", "waiting.txt", "new.txt"]
            for name in names { try TestFile.write(directory.appendingPathComponent(name), size: 50) }
            let dataOption = ["--data-dir", data.path]
            _ = try AppCommand.run(["upload", "--course", "10003", directory.appendingPathComponent("done.txt").path] + dataOption, environment: environment)
            #expect(try AppCommand.run(["drain", "--timeout", "30"] + dataOption, environment: environment).status == 0)
            let upload = try AppCommand.run(["upload", "--course", "10003", directory.appendingPathComponent("waiting.txt").path] + dataOption, environment: environment)
            let waiting = try queuedID(upload.stdout, directory.appendingPathComponent("waiting.txt"))

            let refusal = "coursebrowser: Can't save to the upload queue in \(data.path): the disk is read-only\n"
            let new = directory.appendingPathComponent("new.txt").path
            for arguments in [
                ["upload", "--course", "10003", new], ["submit", "--course", "10003", "--assignment", "100032", new],
                ["queue", "--clear-done"], ["drain", "--timeout", "10"],
            ] {
                let result = try ReadOnlyMount.run(arguments + dataOption, folder: data, environment: environment)
                #expect(result.status == 1, "\(arguments): \(result.stdout)\(result.stderr)")
                // Before it, submit may warn that the assignment is past due and says what it hands in; nothing else.
                #expect(result.stderr.hasSuffix(refusal), "\(arguments): \(result.stderr)")
                #expect(result.stderr.split(separator: "\n").allSatisfy {
                    $0.hasPrefix("coursebrowser: warning: ") || $0.hasPrefix("Hand in new.txt to ") || $0 + "\n" == refusal
                })
            }
            let listing = try ReadOnlyMount.run(["queue"] + dataOption, folder: data, environment: environment)
            #expect(listing.status == 0, "reading the queue needs no writing: \(listing.stderr)")
            #expect(listing.stdout.contains("waiting.txt"))

            let after = try jobs(dataDirectory: data, environment: environment)
            #expect(after.map { $0["file"] as? String } == ["done.txt", "waiting.txt"], "nothing was added or removed")
            #expect(after.last?["id"] as? String == waiting)
            #expect(after.last?["state"] as? String == "queued")
            #expect(after.last?["attempts"] as? Int == 0, "not even an attempt was recorded")
        }

        @Test func aDamagedJobIsListedAndMakesDrainFail() throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let data = directory.appendingPathComponent("data")
            let file = directory.appendingPathComponent("notes.txt")
            _ = try TestFile.write(file, size: 100)
            let environment = AppCommand.environment(token: nil, home: directory)
            let upload = try AppCommand.run(["upload", "--course", "10003", file.path, "--data-dir", data.path], environment: environment)
            let id = try queuedID(upload.stdout, file)
            let record = data.appendingPathComponent("queue/jobs/\(id)/job.json")
            try Data("garbage".utf8).write(to: record)

            let queue = try AppCommand.run(["queue", "--data-dir", data.path], environment: environment)
            #expect(queue.stdout.contains("\(id)  ?"), "\(queue.stdout)")
            #expect(queue.stdout.contains("damaged"))
            #expect(queue.stdout.contains("\(record.path) is cut short or not a job record; the queued file is kept at"))
            let drain = try AppCommand.run(["drain", "--data-dir", data.path, "--timeout", "30"], environment: environment)
            #expect(drain.status == 1, "a damaged job is not 'all done'")
            #expect(drain.stderr.contains("damaged \(id): "), "\(drain.stderr)")
        }

        @Test func drainReportsWaitingAndFailedJobsAndExits1() async throws {
            let queue = try QueueOnCanvas()
            defer { queue.end() }
            let id = try queue.upload(fileNamed: "essay.bin", size: 3000).id

            try await queue.server.control("POST", "/__control/down")
            let waiting = try AppCommand.run(["drain", "--timeout", "2"] + queue.canvas, environment: queue.environment)
            #expect(waiting.status == 1)
            #expect(waiting.stdout.contains("waiting \(id) essay.bin: Can't reach 127.0.0.1, retry in "), "\(waiting.stdout)")
            #expect(waiting.stdout.hasSuffix("timed out with 1 job(s) still pending; they stay queued for the next drain\n"), "\(waiting.stdout)")
            let waitingJob = try #require(try jobs(dataDirectory: queue.data, environment: queue.environment).first)
            #expect(waitingJob["state"] as? String == "waiting")
            #expect(waitingJob["last_error"] as? String == "Can't reach 127.0.0.1")
            #expect(waitingJob["retry_at"] is String)

            try await queue.server.control("POST", "/__control/up")
            try await queue.server.fault(#"{"match": "/api/v1/courses/1/files", "method": "POST", "kind": "unauthorized", "count": -1}"#)
            let failed = try AppCommand.run(["drain", "--timeout", "20"] + queue.canvas, environment: queue.environment)
            #expect(failed.status == 1)
            let reason = "\(host(queue.server)) rejected the access token from CANVAS_TOKEN: it is wrong, expired or revoked."
                + " Make a new one in Canvas under Account → Settings"
            #expect(failed.stdout.contains("failed \(id) essay.bin: \(reason)\n"), "\(failed.stdout)")
            #expect(failed.stdout.hasSuffix("1 failed and wait for a retry (\(id) essay.bin: \(reason)); coursebrowser queue lists them\n"), "the last line says why it exits 1: \(failed.stdout)")
            let failedJob = try #require(try jobs(dataDirectory: queue.data, environment: queue.environment).first)
            #expect(failedJob["state"] as? String == "failed")
            #expect(failedJob["last_error"] as? String == reason)
            #expect(try await queue.server.files().isEmpty)
        }

        @Test func drainKilledMidUploadThenRunAgainStoresExactlyOneByteIdenticalCopy() async throws {
            let queue = try QueueOnCanvas()
            defer { queue.end() }
            let (file, id) = try queue.upload(fileNamed: "big.bin", size: 20_000_000)

            // The file store holds the first upload's body for a while, so it is surely in flight when killed.
            try await queue.server.fault(#"{"match": "/files_api/upload/", "kind": "slow", "seconds": 3, "count": 1}"#)
            let first = try AppCommand.start(["drain"] + queue.canvas, environment: queue.environment, output: queue.directory.appendingPathComponent("drain1.out"))
            var killed = false
            defer {
                if !killed { kill(first, SIGKILL) }
            }
            try await eventually("the first drain to be sending the file", asking: {
                try await queue.server.requests().contains(where: \.isStep2)
            })
            #expect(kill(first, SIGKILL) == 0)
            killed = true
            try await AppCommand.waitUntilGone(first)
            #expect(try await queue.server.files().isEmpty, "killed before the file was confirmed")

            let second = try AppCommand.run(["drain", "--timeout", "60"] + queue.canvas, environment: queue.environment)
            #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
            #expect(second.stdout.contains("done \(id) big.bin\n"), "\(second.stdout)")
            let stored = try await queue.server.files()
            #expect(stored.count == 1, "exactly one copy: \(stored)")
            #expect(stored.first?.size == 20_000_000)
            #expect(stored.first?.sha256 == (try TestFile.sha256(file)), "byte-identical")
            #expect(try jobs(dataDirectory: queue.data, environment: queue.environment).first?["state"] as? String == "done")
        }

        /// `drain` is for scripts and cron, whose output goes to a file: each line must be there as it
        /// happens, not held in a buffer until exit (which a killed drain never reaches).
        @Test func drainWritesUploadingToItsLogWhileTheUploadIsInFlight() async throws {
            let queue = try QueueOnCanvas()
            defer { queue.end() }
            let id = try queue.upload(fileNamed: "essay.bin", size: 3000).id

            try await queue.server.fault(#"{"match": "/files_api/upload/", "kind": "slow", "seconds": 4, "count": 1}"#)
            let log = queue.directory.appendingPathComponent("drain.log")
            let drain = try AppCommand.start(["drain", "--timeout", "30"] + queue.canvas, environment: queue.environment, output: log)
            var ended = false
            defer {
                if !ended { kill(drain, SIGKILL) }
            }
            try await eventually("the file store to be receiving the file", asking: {
                try await queue.server.requests().contains(where: \.isStep2)
            })
            let inFlight = try await Self.logText(log, after: .seconds(1))
            #expect(inFlight.contains("uploading \(id) essay.bin (attempt 1)\n"), "the log while uploading: \(inFlight.debugDescription)")

            try await AppCommand.waitUntilGone(drain)
            ended = true
            let finished = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            #expect(finished.contains("done \(id) essay.bin\n"), "\(finished)")
        }

        /// The log's text once `delay` has passed.
        static func logText(_ log: URL, after delay: Duration) async throws -> String {
            try await Task.sleep(for: delay)
            return (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        }
    }
}
