/// Whether a binding can act now, and if not, why not, in words for the user.
enum Availability: Equatable {
    case enabled
    /// Does nothing now, for `reason`. With `isProblem`, something went wrong (the assignments
    /// failed to load), so the reason is drawn as an error; else it is only a note on why.
    case disabled(String, isProblem: Bool = false)

    /// Enabled when `reason` is nil, else disabled for it: a problem or, by default, a note.
    init(unless reason: String?, isProblem: Bool = false) {
        self = reason.map { .disabled($0, isProblem: isProblem) } ?? .enabled
    }

    /// Whether the binding acts when pressed now; the hint line shows only these, the help dims the rest.
    var isEnabled: Bool { self == .enabled }

    /// What the pane says when a key of a binding that does nothing now is pressed; nil when it acts.
    var refusal: Notice? {
        guard case let .disabled(reason, isProblem) = self else { return nil }
        return Notice(text: reason, isProblem: isProblem, isNote: !isProblem)
    }
}
