import CourseKit

extension LoadProgress {
    /// Runs `operation` with `reporter` hearing its progress notes, and returns how it ended.
    static func outcome<Value: Sendable>(
        of operation: @Sendable () async throws -> Value,
        reporting reporter: (@Sendable (Note?) -> Void)?
    ) async -> Result<Value, any Error> {
        do {
            return .success(try await $reporter.withValue(reporter) { try await operation() })
        } catch {
            return .failure(error)
        }
    }
}
