/// A key for one dependency in `EnvironmentValues`, with the value used when nobody set one.
///
/// The app and tests want opposite fallbacks. The app gets `defaultValue`, harmless: `main`
/// sets every dependency the app uses, and one it did not need must cost nothing. A test gets
/// `unimplementedValue`, so that reaching a dependency it did not provide fails it instead of
/// passing on a default.
public protocol EnvironmentKey {
    associatedtype Value: Sendable
    /// A harmless stand-in: it does nothing, or fails loudly where doing nothing would hide a bug.
    static var defaultValue: Value { get }
    /// The stand-in in tests: a client reports each call to `report`; a plain value is one that
    /// no test can mistake for a real one.
    static func unimplementedValue(report: @escaping Unimplemented.Report) -> Value
}
