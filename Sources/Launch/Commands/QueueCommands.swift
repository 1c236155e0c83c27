import CourseKit
import FoundationEssentials
import TerminalUI
import UploadQueue

/// The queue commands for shells and scripts: `upload`, `queue` and `drain`.
package enum QueueCommands {
    /// Queues each file for `course`; a file that can't be queued is reported and skipped.
    package static func upload(files: [LocalPath], course: CourseID, services: LiveEnvironment.Services) async -> Int32 {
        var status: Int32 = 0
        for file in files {
            do {
                let job = try await services.environment.uploadQueue.enqueue(file, course)
                say("queued \(job.id) \(file.path)")
            } catch {
                printError(userMessage(for: error))
                status = 1
            }
        }
        return status
    }

    /// Lists every job, as a table or as JSON; with `clearingDone`, removes the finished ones first.
    package static func list(json: Bool, clearingDone: Bool, services: LiveEnvironment.Services) async -> Int32 {
        let queue = services.environment.uploadQueue
        do {
            if clearingDone {
                let done = try await queue.jobs().filter { $0.state == .done }
                for job in done { try await queue.remove(job.id) }
                if !json { say("removed \(done.count) finished upload(s)") }
            }
            let jobs = try await queue.jobs()
            if json {
                sayExactly(QueueListing.json(jobs))
            } else {
                say(QueueListing.table(jobs))
            }
            return 0
        } catch {
            printError(userMessage(for: error))
            return 1
        }
    }

    /// Writes `text` to stdout at once, unbuffered, so a log file or pipe sees each line as
    /// it happens, even if the command is killed later.
    ///
    /// File names and server messages in it may carry escape sequences (a clipboard write,
    /// a screen clear); each line is cleaned as the UI cleans what it draws.
    static func say(_ text: String) {
        sayExactly(Sanitizer.cleanLines(text).joined(separator: "\n"))
    }

    /// Writes `text` unchanged, for JSON, which escapes control characters itself.
    static func sayExactly(_ text: String) {
        StandardStream.output.write(text + "\n")
    }

    static func printError(_ message: String) {
        StandardStream.error.write("coursebrowser: \(Sanitizer.clean(message))\n")
    }
}
