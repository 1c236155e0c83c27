import TextBasics

extension String {
    /// The string itself, or `nil` when it holds only whitespace.
    package var nonBlank: String? {
        trimming(.whitespacesAndNewlines).isEmpty ? nil : self
    }
}
