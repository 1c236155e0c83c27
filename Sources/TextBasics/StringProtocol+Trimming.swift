extension StringProtocol {
    /// The text without the scalars of `set` at either end, as Foundation's
    /// `trimmingCharacters(in:)` trims: scalar by scalar, even inside a character.
    package func trimming(_ set: ScalarSet) -> String {
        let scalars = unicodeScalars
        // Most text has nothing to trim, and then needs no new string.
        if let head = scalars.first, let tail = scalars.last, !set.contains(head), !set.contains(tail) {
            return String(self)
        }
        guard let first = scalars.firstIndex(where: { !set.contains($0) }) else { return "" }
        // A scalar outside the set exists, so a last one does too.
        let last = scalars.lastIndex(where: { !set.contains($0) }) ?? first
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
