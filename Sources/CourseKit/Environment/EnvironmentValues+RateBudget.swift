private enum RateBudgetKey: EnvironmentKey {
    static let defaultValue = RateBudgetClient.noOp

    /// Admits everything and has no reading: the budget is only drawn in a footer and gates
    /// nothing a test of a pane could see, so a test that does not give one sees the footer without it.
    static func unimplementedValue(report: @escaping Unimplemented.Report) -> RateBudgetClient { .noOp }
}

extension EnvironmentValues {
    /// Canvas's rate budget: the gate every Canvas request passes, and its last reading.
    public var rateBudget: RateBudgetClient {
        get { self[RateBudgetKey.self] }
        set { self[RateBudgetKey.self] = newValue }
    }
}
