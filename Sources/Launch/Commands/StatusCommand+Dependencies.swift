import CourseKit
import FoundationEssentials

extension StatusCommand {
    /// What `status` reads, so a test gives its own site answer, queue and reading.
    struct Dependencies: Sendable {
        /// The site of the backend: which LMS, where its token comes from, and who the site says it belongs to.
        struct Site: Sendable {
            var kind: SiteKind
            var tokenSource: String
            var whoAmI: @Sendable () async throws -> SiteAccount.User
        }

        /// The site's host, or the catalog's name.
        var backend: String
        /// Nil for the sample courses or a catalog file.
        var site: Site?
        var jobs: @Sendable () async throws -> [UploadJob]
        var lastReading: @Sendable () -> RateReading?
        var now: @Sendable () -> Date
    }
}

extension StatusCommand.Dependencies {
    /// The live backend, queue and rate budget of `services`; the check is an interactive request.
    static func live(services: LiveEnvironment.Services) -> StatusCommand.Dependencies {
        let environment = services.environment
        let site = services.account.map { account in
            Site(kind: account.kind, tokenSource: account.credentials.source, whoAmI: account.whoAmI)
        }
        return StatusCommand.Dependencies(
            backend: services.backendName,
            site: site,
            jobs: { try await environment.uploadQueue.jobs() },
            lastReading: { environment.rateBudget.lastReading() },
            now: { environment.clock.now() }
        )
    }
}
