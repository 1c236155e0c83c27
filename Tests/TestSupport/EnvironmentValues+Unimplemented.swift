import CourseKit
import Testing

extension EnvironmentValues {
    /// Every dependency unimplemented: calling a client the test did not set fails the test
    /// with "Unimplemented: Type.endpoint". Tests start here and set what they use.
    package static var unimplemented: EnvironmentValues {
        unimplemented(report: Unimplemented.recordIssue)
    }
}

extension Unimplemented {
    /// Fails the running test, naming the endpoint nobody provided.
    @Sendable package static func recordIssue(_ endpoint: String) {
        Issue.record(Comment(rawValue: "Unimplemented: \(endpoint)"))
    }
}
