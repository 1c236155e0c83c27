import CourseKit

extension LoadProgress {
    /// Runs `operation` with this progress passed to it, and returns how it ended.
    func outcome<Value: Sendable>(
        of operation: @Sendable (LoadProgress) async throws -> Value
    ) async -> Result<Value, any Error> {
        do {
            return .success(try await operation(self))
        } catch {
            return .failure(error)
        }
    }

    /// Progress that shows notes on the main actor through `show`, which decides whether they still matter.
    @MainActor
    static func forwarding(to show: @escaping @MainActor (Note?) -> Void) -> LoadProgress {
        LoadProgress { note in
            Task { @MainActor in show(note) }
        }
    }
}
