/// A flow a pane embeds as a value (the hand-in, a reply): it takes events and answers with
/// effects, one of which closes it with what it has to say.
protocol EmbeddedFlow {
    associatedtype Event
    associatedtype Effect

    mutating func update(_ event: Event) -> [Effect]

    /// Whether `effect` closes the flow, and with what notice (nil for none); nil when it doesn't.
    static func closing(_ effect: Effect) -> Notice??
}

extension EmbeddedFlow {
    /// Passes `event` to `flow`, an embedding pane's open flow, if any; closes it when it is
    /// over, putting what it says in `notice`. Returns what is left for the pane to do.
    static func update(_ flow: inout Self?, with event: Event, notice: inout Notice?) -> [Effect] {
        guard var open = flow else { return [] }
        let effects = open.update(event)
        flow = open
        return effects.filter { effect in
            guard let closing = closing(effect) else { return true }
            flow = nil
            notice = closing
            return false
        }
    }
}
