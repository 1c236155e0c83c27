/// Whether a binding can act now, and if not, why not, in words for the user.
enum Availability: Equatable {
    case enabled
    case disabled(String)

    /// Enabled when `reason` is nil, else disabled for it.
    init(unless reason: String?) {
        self = reason.map(Availability.disabled) ?? .enabled
    }

    /// Whether the binding acts when pressed now; the hint line shows only these, the help dims the rest.
    var isEnabled: Bool { self == .enabled }
}
