/// Every dependency of the app, one key each, built once in `main` and passed down explicitly.
///
/// Values not set read as their key's default: harmless for the app, which sets every
/// dependency it uses in `main`, and unimplemented in an environment made by
/// `unimplemented(report:)`, so a test that forgets one fails instead of passing on a default.
public struct EnvironmentValues: Sendable {
    private var storage: [ObjectIdentifier: any Sendable] = [:]
    /// Set in tests: values not set are unimplemented and report here.
    private var reportUnimplemented: Unimplemented.Report?

    public init() {}

    /// An environment for tests: every call to a client the test did not set goes to `report`.
    public static func unimplemented(report: @escaping Unimplemented.Report) -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.reportUnimplemented = report
        return environment
    }

    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get {
            if let value = storage[ObjectIdentifier(key)] as? Key.Value { return value }
            return reportUnimplemented.map(Key.unimplementedValue(report:)) ?? Key.defaultValue
        }
        set { storage[ObjectIdentifier(key)] = newValue }
    }
}
