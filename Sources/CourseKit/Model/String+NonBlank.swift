import TextBasics

extension String {
    /// The string itself, or `nil` when it holds only whitespace.
    package var nonBlank: String? {
        unicodeScalars.contains { !ScalarSet.whitespacesAndNewlines.contains($0) } ? self : nil
    }
}
