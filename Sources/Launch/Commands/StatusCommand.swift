import CourseKit
import FoundationEssentials
import HTTP

/// `status [--json]`: which Canvas and user the token is for, where the token comes from,
/// whether Canvas accepts it now (one `GET /api/v1/users/self`), the upload queue's counts and
/// Canvas's last rate budget. Exits 0 when the token works, 1 otherwise.
package enum StatusCommand {
    /// What the check of the token came to.
    enum Check: Equatable {
        /// Canvas answered for the user of this name.
        case accepted(user: String)
        /// Canvas answered and refused the token, or answered as no Canvas does.
        case refused(String)
        /// Canvas could not be reached: nothing is known of the token now.
        case unreachable(String)
        /// No Canvas is set up: the sample courses or a catalog file.
        case noCanvas
    }

    /// Everything `status` says, gathered before a line is printed.
    struct Status: Equatable {
        /// The Canvas host, or which catalog.
        var backend: String
        /// Where the token comes from; nil without Canvas.
        var tokenSource: String?
        var check: Check
        /// How many jobs are in each state, by the state's name.
        var queue: [String: Int]
        var reading: RateReading?
        var now: Date

        var exitCode: Int32 {
            if case .accepted = check { return 0 }
            return 1
        }
    }

    /// Gathers the status from the live environment and prints it.
    package static func run(json: Bool, services: LiveEnvironment.Services) async -> Int32 {
        let status = await gather(using: .live(services: services))
        if json {
            QueueCommands.sayExactly(StatusCommand.json(status))
        } else {
            QueueCommands.say(lines(status).joined(separator: "\n"))
        }
        return status.exitCode
    }

    /// Asks Canvas about the token (first, so the rate budget read after it is this answer's), then the queue.
    static func gather(using dependencies: Dependencies) async -> Status {
        let check: Check
        if let canvas = dependencies.canvas {
            do {
                check = .accepted(user: try await canvas.whoAmI())
            } catch let error as NetworkError {
                check = .unreachable(userMessage(for: error))
            } catch {
                check = .refused(userMessage(for: error))
            }
        } else {
            check = .noCanvas
        }
        var queue: [String: Int] = [:]
        for state in ["queued", "uploading", "waiting", "failed", "done", "damaged"] { queue[state] = 0 }
        for job in (try? await dependencies.jobs()) ?? [] {
            queue[job.state.name, default: 0] += 1
        }
        // A reading of another Canvas (the profile moved to another school) is not this one's.
        let reading = dependencies.lastReading().flatMap { $0.host == dependencies.backend ? $0 : nil }
        return Status(
            backend: dependencies.backend, tokenSource: dependencies.canvas?.tokenSource, check: check, queue: queue,
            reading: reading, now: dependencies.now()
        )
    }

    /// The status as a person reads it, one fact a line.
    static func lines(_ status: Status) -> [String] {
        var lines: [String] = []
        switch status.check {
        case let .accepted(user): lines.append("Logged in to \(status.backend) as \(user)")
        case let .refused(message): lines.append(message)
        case let .unreachable(message): lines.append("Canvas \(status.backend): offline, the token was not checked (\(message))")
        case .noCanvas:
            lines.append("No Canvas: browsing \(status.backend == "coursebrowser-sample" ? "the sample courses" : "a catalog file"); run coursebrowser login")
        }
        if let source = status.tokenSource {
            lines.append("Token from \(source)")
        }
        let counts = ["queued", "waiting", "failed", "done"].map { "\(status.queue[$0] ?? 0) \($0)" }
        let uploading = status.queue["uploading"] ?? 0
        lines.append("Queue: " + counts.joined(separator: ", ") + (uploading > 0 ? ", \(uploading) uploading" : ""))
        if status.tokenSource != nil {
            lines.append(status.reading.map { "Canvas " + $0.summary(now: status.now) } ?? "Canvas rate budget: no reading yet")
        }
        return lines
    }

    /// The status as JSON, for scripts.
    static func json(_ status: Status) -> String {
        let check: (String, String?, String?) = switch status.check {
        case let .accepted(user): ("accepted", user, nil)
        case let .refused(message): ("refused", nil, message)
        case let .unreachable(message): ("offline", nil, message)
        case .noCanvas: ("no_canvas", nil, nil)
        }
        let reading: PrettyJSON.Value = status.reading.map { reading in
            .object([
                "remaining": .number(reading.remaining),
                "cost": reading.cost.map(PrettyJSON.Value.number) ?? .null,
                "at": .string(reading.at.formatted(.iso8601)),
                "age_seconds": .integer(Int64(max(0, status.now.timeIntervalSince(reading.at)).rounded(.down))),
            ])
        } ?? .null
        let value = PrettyJSON.Value.object([
            "backend": .string(status.backend),
            "token_source": .string(status.tokenSource),
            "token": .string(check.0),
            "user": .string(check.1),
            "message": .string(check.2),
            "queue": .object(status.queue.mapValues { .integer(Int64($0)) }),
            "rate_budget": reading,
        ])
        return QueueListing.escapingTerminalControls(PrettyJSON.text(value))
    }
}
