/// A key for one dependency in `EnvironmentValues`, with the value used when nobody set one.
public protocol EnvironmentKey {
    associatedtype Value: Sendable
    /// A harmless stand-in: it does nothing, or fails loudly where doing nothing would hide a bug.
    static var defaultValue: Value { get }
}
