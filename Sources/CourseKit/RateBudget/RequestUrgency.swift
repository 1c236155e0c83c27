/// Whether a request is one a person waits for (a key pressed) or background work that can wait.
///
/// Background loads mark themselves with `RequestUrgency.$current.withValue(.background)`; the
/// mark follows the task into every client it calls, so no client's signature has to carry it.
/// A task-local holding a plain enum, not an optional closure (see DESIGN.md's release miscompile).
public enum RequestUrgency: String, Sendable, Codable {
    case interactive
    case background

    /// The urgency of the requests the current task sends; interactive unless a load marked itself.
    @TaskLocal public static var current: RequestUrgency = .interactive
}
