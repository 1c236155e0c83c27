/// A key for one dependency in `EnvironmentValues`, with the value used when nobody set one.
///
/// The app and tests need opposite fallbacks: the app gets `defaultValue`, harmless so that a
/// dependency it has no use for (no browser over ssh) costs nothing; a test gets
/// `unimplementedValue`, so that reaching a dependency it did not provide fails it.
public protocol EnvironmentKey {
    associatedtype Value: Sendable
    /// A harmless stand-in: it does nothing, or fails loudly where doing nothing would hide a bug.
    static var defaultValue: Value { get }
    /// The stand-in in tests: a client reports each call to `report`; a plain value is one that
    /// no test can mistake for a real one.
    static func unimplementedValue(report: @escaping Unimplemented.Report) -> Value
}
