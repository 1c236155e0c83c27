extension String {
    /// The string itself, or `nil` when it holds only whitespace.
    package var nonBlank: String? {
        trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : self
    }
}
