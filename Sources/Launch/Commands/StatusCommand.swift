import CourseKit
import FoundationEssentials
import HTTP

/// `status [--json]`: which site (Canvas or Moodle) and user the token is for, where the token
/// comes from, whether the site accepts it now (one request: Canvas's `GET /api/v1/users/self`,
/// Moodle's `core_webservice_get_site_info`), the upload queue's counts and Canvas's last rate
/// budget. Exits 0 when the token works, 1 otherwise.
package enum StatusCommand {
    /// What the check of the token came to.
    enum Check: Equatable {
        /// The site answered for this user.
        case accepted(SiteAccount.User)
        /// The site answered and refused the token, or answered as no such site does.
        case refused(String)
        /// The site could not be reached: nothing is known of the token now.
        case unreachable(String)
        /// No site is set up: the sample courses or a catalog file.
        case noSite
    }

    /// Everything `status` says, gathered before a line is printed.
    struct Status: Equatable {
        /// The site's host, or which catalog.
        var backend: String
        /// Which LMS; nil without a site.
        var kind: SiteKind?
        /// Where the token comes from; nil without a site.
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

    /// Asks the site about the token (first, so the rate budget read after it is this answer's), then the queue.
    static func gather(using dependencies: Dependencies) async -> Status {
        let check: Check
        if let site = dependencies.site {
            do {
                check = .accepted(try await site.whoAmI())
            } catch let error as NetworkError {
                check = .unreachable(userMessage(for: error))
            } catch {
                check = .refused(userMessage(for: error))
            }
        } else {
            check = .noSite
        }
        var queue: [String: Int] = [:]
        for state in ["queued", "uploading", "waiting", "failed", "done", "damaged"] { queue[state] = 0 }
        for job in (try? await dependencies.jobs()) ?? [] {
            queue[job.state.name, default: 0] += 1
        }
        // A reading of another Canvas (the profile moved to another school) is not this one's.
        let reading = dependencies.lastReading().flatMap { $0.host == dependencies.backend ? $0 : nil }
        return Status(
            backend: dependencies.backend, kind: dependencies.site?.kind, tokenSource: dependencies.site?.tokenSource, check: check,
            queue: queue, reading: dependencies.site?.kind == .canvas ? reading : nil, now: dependencies.now()
        )
    }

    /// The status as a person reads it, one fact a line.
    static func lines(_ status: Status) -> [String] {
        var lines: [String] = []
        let lms = status.kind?.name ?? "Canvas"
        switch status.check {
        case let .accepted(user) where status.kind == .moodle:
            let about = [user.siteName, user.release.map { "Moodle \($0)" }].compactMap { $0 }.joined(separator: ", ")
            lines.append("Logged in to Moodle at \(status.backend)\(about.isEmpty ? "" : " (\(about))") as \(user.name)")
        case let .accepted(user): lines.append("Logged in to \(status.backend) as \(user.name)")
        case let .refused(message): lines.append(message)
        case let .unreachable(message): lines.append("\(lms) \(status.backend): offline, the token was not checked (\(message))")
        case .noSite:
            lines.append("No Canvas or Moodle: browsing \(status.backend == "coursebrowser-sample" ? "the sample courses" : "a catalog file"); run coursebrowser login")
        }
        if let source = status.tokenSource {
            lines.append("Token from \(source)")
        }
        let counts = ["queued", "waiting", "failed", "done"].map { "\(status.queue[$0] ?? 0) \($0)" }
        let uploading = status.queue["uploading"] ?? 0
        lines.append("Queue: " + counts.joined(separator: ", ") + (uploading > 0 ? ", \(uploading) uploading" : ""))
        if status.kind == .canvas {
            lines.append(status.reading.map { "Canvas " + $0.summary(now: status.now) } ?? "Canvas rate budget: no reading yet")
        }
        return lines
    }

    /// The status as JSON, for scripts.
    static func json(_ status: Status) -> String {
        let check: (String, SiteAccount.User?, String?) = switch status.check {
        case let .accepted(user): ("accepted", user, nil)
        case let .refused(message): ("refused", nil, message)
        case let .unreachable(message): ("offline", nil, message)
        case .noSite: ("no_canvas", nil, nil)
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
            "kind": .string(status.kind?.rawValue),
            "site_name": .string(check.1?.siteName),
            "release": .string(check.1?.release),
            "token_source": .string(status.tokenSource),
            "token": .string(check.0),
            "user": .string(check.1?.name),
            "message": .string(check.2),
            "queue": .object(status.queue.mapValues { .integer(Int64($0)) }),
            "rate_budget": reading,
        ])
        return QueueListing.escapingTerminalControls(PrettyJSON.text(value))
    }
}
