import CourseKit
import Foundation
import HTTP
import UploadQueue

/// Builds the one live environment the app and the queue commands run with.
public enum LiveEnvironment {
    /// The environment plus the upload engine that works the queue behind it.
    public struct Services: Sendable {
        public var environment: EnvironmentValues
        public var engine: UploadEngine

        /// Starts working the queue in the background for as long as the process runs:
        /// what the app does while it shows the panes.
        public func startUploading() {
            let engine = engine
            Task.detached { await engine.run() }
        }
    }

    /// Every real dependency, chosen by `options`; throws when something named on the command line can't be used.
    public static func make(options: LaunchOptions, processEnvironment: [String: String]) throws -> Services {
        var environment = EnvironmentValues()
        environment.clock = .live
        environment.paths = .live(environment: processEnvironment, dataDirectory: options.dataDirectory)
        environment.notifier = .terminal(processEnvironment: processEnvironment)
        environment.settings = .file(in: environment.paths.configDirectory)
        if let path = options.eventLogPath {
            environment.analytics = try Analytics.eventLog(path: path, clock: environment.clock)
        }
        let backend = try Backend.choose(options: options, processEnvironment: processEnvironment)
        let store = UploadStore(directory: environment.paths.dataDirectory, clock: environment.clock)
        // One HTTP engine (one thread, one connection pool) serves browsing and uploads alike.
        let network = HTTPEngine()
        let engine = makeEngine(backend: backend, store: store, environment: environment, network: network)
        let http = backend.http(options: options, engine: network).observingSuccess { Task { await engine.backendAnswered() } }
        environment.courseClient = backend.courseClient(http: http, environment: environment)
        environment.uploadQueue = .live(store: store, engine: engine, backend: backend.identity)
        return Services(environment: environment, engine: engine)
    }

    private static func makeEngine(backend: Backend, store: UploadStore, environment: EnvironmentValues, network: HTTPEngine) -> UploadEngine {
        let http = backend.uploadHTTP(engine: network)
        return UploadEngine(
            store: store,
            transport: backend.transport(http: http, environment: environment),
            submissions: backend.submissionTransport(http: http, environment: environment),
            clock: environment.clock,
            backend: backend.identity,
            probe: backend.probe(http: http, environment: environment)
        )
    }
}
