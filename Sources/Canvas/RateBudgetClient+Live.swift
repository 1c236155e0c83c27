import CourseKit

extension RateBudgetClient {
    /// The gate and reading of `budget`.
    package static func live(_ budget: RateBudget) -> RateBudgetClient {
        RateBudgetClient(
            admit: { urgency in try await budget.admit(urgency) },
            finished: { _, reading in budget.finished(reading) },
            lastReading: { budget.lastReading }
        )
    }
}
