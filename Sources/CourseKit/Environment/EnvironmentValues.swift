/// Every dependency of the app, one key each, built once in `main` and passed down explicitly.
///
/// Values not set read as their key's default, so a test sets only what it uses.
public struct EnvironmentValues: Sendable {
    private var storage: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get { storage[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }
}
