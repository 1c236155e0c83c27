private enum BackendCapabilitiesKey: EnvironmentKey {
    static let defaultValue = BackendCapabilities.canvas

    /// Canvas's: every key offered, as the panes were written for; a test of what another
    /// backend can't do sets its own.
    static func unimplementedValue(report: @escaping Unimplemented.Report) -> BackendCapabilities { .canvas }
}

extension EnvironmentValues {
    /// What the backend can do, so a pane offers only what works there.
    public var capabilities: BackendCapabilities {
        get { self[BackendCapabilitiesKey.self] }
        set { self[BackendCapabilitiesKey.self] = newValue }
    }
}
