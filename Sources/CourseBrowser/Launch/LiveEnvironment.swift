import CourseKit
import Foundation

/// Builds the one live environment the app runs with.
public enum LiveEnvironment {
    /// Every real dependency, chosen by `options`; throws when a file named on the command line can't be used.
    public static func make(options: LaunchOptions, processEnvironment: [String: String]) throws -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.clock = .live
        environment.paths = .live(environment: processEnvironment)
        environment.uploadQueue = .noOp
        if let path = options.eventLogPath {
            environment.analytics = try Analytics.eventLog(path: path, clock: environment.clock)
        }
        environment.courseClient = try courseClient(options: options, environment: environment, processEnvironment: processEnvironment)
        return environment
    }

    /// The backend: a catalog file, Canvas (by option or `CANVAS_URL`), or the embedded sample.
    static func courseClient(
        options: LaunchOptions,
        environment: EnvironmentValues,
        processEnvironment: [String: String]
    ) throws -> CourseClient {
        if let path = options.catalogPath {
            return .file(path)
        }
        guard let baseURL = try canvasURL(options: options, processEnvironment: processEnvironment) else {
            return .sample()
        }
        let token = try CanvasToken.resolve(tokenFile: options.tokenFile, environment: processEnvironment)
        let timeouts = HTTPTimeouts(request: .seconds(options.requestTimeoutSeconds ?? 30))
        return .canvas(
            baseURL: baseURL, token: token, http: .urlSession(timeouts: timeouts),
            clock: environment.clock, analytics: environment.analytics
        )
    }

    private static func canvasURL(options: LaunchOptions, processEnvironment: [String: String]) throws -> URL? {
        if let url = options.canvasURL { return url }
        guard let text = processEnvironment["CANVAS_URL"], !text.isEmpty else { return nil }
        do {
            return try LaunchOptions.canvasURL(text)
        } catch {
            throw UsageError("CANVAS_URL needs a URL like https://school.instructure.com, not '\(text)'")
        }
    }
}
