extension StringProtocol {
    /// Whether `other` occurs in the text when case is ignored, for matching words in a server's
    /// message the way Foundation's `localizedCaseInsensitiveContains` matched them.
    package func containsIgnoringCase(_ other: some StringProtocol) -> Bool {
        lowercased().contains(other.lowercased())
    }
}
