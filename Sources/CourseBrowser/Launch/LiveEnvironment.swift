import CourseKit
import Foundation

/// Builds the one live environment the app runs with.
public enum LiveEnvironment {
    /// Every real dependency, chosen by `options`; throws when a file named on the command line can't be used.
    public static func make(options: LaunchOptions, processEnvironment: [String: String]) throws -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.clock = .live
        environment.paths = .live(environment: processEnvironment)
        environment.courseClient = options.catalogPath.map(CourseClient.file) ?? .sample()
        environment.uploadQueue = .noOp
        if let path = options.eventLogPath {
            environment.analytics = try Analytics.eventLog(path: path, clock: environment.clock)
        }
        return environment
    }
}
