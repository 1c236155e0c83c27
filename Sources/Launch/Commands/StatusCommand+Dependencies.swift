import Canvas
import CourseKit
import FoundationEssentials

extension StatusCommand {
    /// What `status` reads, so a test gives its own Canvas answer, queue and reading.
    struct Dependencies: Sendable {
        /// The Canvas backend: where its token comes from, and who Canvas says it belongs to.
        struct Canvas: Sendable {
            var tokenSource: String
            var whoAmI: @Sendable () async throws -> String
        }

        /// The Canvas host, or the catalog's name.
        var backend: String
        /// Nil for the sample courses or a catalog file.
        var canvas: Canvas?
        var jobs: @Sendable () async throws -> [UploadJob]
        var lastReading: @Sendable () -> RateReading?
        var now: @Sendable () -> Date
    }
}

extension StatusCommand.Dependencies {
    /// The live backend, queue and rate budget of `services`; the check is an interactive request.
    static func live(services: LiveEnvironment.Services) -> StatusCommand.Dependencies {
        let environment = services.environment
        let canvas = services.canvas.map { connection in
            Canvas(tokenSource: connection.credentials.source) { try await CanvasUser.profile(connection).name }
        }
        return StatusCommand.Dependencies(
            backend: services.backendName,
            canvas: canvas,
            jobs: { try await environment.uploadQueue.jobs() },
            lastReading: { environment.rateBudget.lastReading() },
            now: { environment.clock.now() }
        )
    }
}
