import FoundationEssentials

extension String {
    /// How the two order in a list: see `StandardOrder`.
    func standardCompare(_ other: String) -> ComparisonResult {
        StandardOrder.compare(self, other)
    }
}
