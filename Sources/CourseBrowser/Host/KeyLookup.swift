/// What a pressed key comes to in a list of bindings.
enum KeyLookup<Action> {
    /// Its binding applies now: act on it.
    case act(Action)
    /// Its binding does not apply now; the notice says why.
    case refused(Notice)
    /// No binding in the list has this key.
    case unbound
}
