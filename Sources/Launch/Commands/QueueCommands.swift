import CourseBrowser
import CourseKit
import FoundationEssentials
import TerminalUI
import UploadQueue

/// The queue commands for shells and scripts: `upload`, `queue` and `drain`.
package enum QueueCommands {
    /// Queues each file for `course`, once the backend knows the course; a file that can't be
    /// queued is reported and skipped, and when others were queued, what was and what wasn't is
    /// summed up at the end, so a partial success does not read as a failure.
    package static func upload(files: [LocalPath], course: CourseID, services: LiveEnvironment.Services) async -> Int32 {
        if let refusal = services.environment.capabilities.courseFileUploadRefusal {
            printError(refusal)
            return 1
        }
        guard await checkCourse(course, environment: services.environment) else { return 1 }
        var queued: [String] = []
        var missed: [String] = []
        for file in files {
            do {
                let job = try await services.environment.uploadQueue.enqueue(file, course)
                say("queued \(job.id) \(file.path)")
                queued.append(job.fileName)
            } catch {
                printError(userMessage(for: error))
                missed.append(file.lastPathComponent)
            }
        }
        if let done = QueueingReport.queued(queued), !missed.isEmpty {
            printError(done + ". " + QueueingReport.notQueued(missed.joined(separator: ", ")))
        }
        return missed.isEmpty ? 0 : 1
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
            let names = await courseNames(of: jobs, services: services)
            if json {
                sayExactly(QueueListing.json(jobs, courseNames: names))
            } else {
                say(QueueListing.table(jobs, courseNames: names))
            }
            return 0
        } catch {
            FailureReport.say(error, json: json)
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
