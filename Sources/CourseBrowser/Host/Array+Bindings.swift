import TerminalUI

extension Array {
    /// Finds the binding `key` triggers and whether it applies now.
    func lookUp<Action>(_ key: Key, availability: (Action) -> Availability) -> KeyLookup<Action> where Element == Binding<Action> {
        guard let binding = first(where: { $0.isTriggered(by: key) }) else { return .unbound }
        let availability = availability(binding.action)
        return availability.refusal.map(KeyLookup.refused) ?? .act(binding.action)
    }

    /// The bindings as the host shows them, each with whether it applies now.
    func items<Action>(availability: (Action) -> Availability) -> [KeyItem] where Element == Binding<Action> {
        map { KeyItem(row: $0.row, availability: availability($0.action), key: $0.keys.first?.first) }
    }

    /// How a prompt says its keys on its own rows, `Tab complete · Enter queue · Esc cancel`:
    /// the hint line's short forms, named for `glyphs`, so the two never disagree.
    func usage<Action>(for glyphs: Glyphs) -> String where Element == Binding<Action> {
        compactMap(\.hint).map { hint in
            let spelled = hint.spelled(for: glyphs)
            return "\(spelled.key) \(spelled.action)"
        }.joined(separator: " · ")
    }

    /// The hint line's short forms of the bindings whose action `includes`, in their order.
    func hints<Action>(_ includes: (Action) -> Bool) -> [KeyHint] where Element == Binding<Action> {
        filter { includes($0.action) }.compactMap(\.hint)
    }
}
