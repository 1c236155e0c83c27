import FoundationEssentials

extension StandardOrder {
    /// The primary keys of a list of texts, one after another in a single buffer.
    ///
    /// Sorting 100,000 names compares keys some two million times: read from one buffer,
    /// a comparison allocates nothing and retains nothing.
    struct SortKeys {
        private var values: [UInt64] = []
        /// Where each text's key ends in `values`; it starts where the one before it ends.
        private var ends: [Int] = []

        init() {}

        /// The keys of `texts`, in their order, reading each scalar's properties once.
        init(_ texts: some Sequence<String>) {
            let cache = ScalarCache()
            for text in texts {
                append(text, cache: cache)
            }
        }

        var count: Int { ends.count }

        /// Makes room for `keys` keys of `values` values in all, so that filling the table
        /// never copies it to grow: a 100,000-name list's keys are some 20 MB.
        mutating func reserveCapacity(keys: Int, values count: Int) {
            values.reserveCapacity(count)
            ends.reserveCapacity(keys)
        }

        /// The values of all the keys together.
        var valueCount: Int { values.count }

        mutating func append(_ text: String, cache: ScalarCache? = nil) {
            StandardOrder.appendPrimaryKey(of: text, to: &values, cache: cache)
            ends.append(values.count)
        }

        /// Appends every key of `other`, after this table's.
        mutating func append(contentsOf other: SortKeys) {
            let offset = values.count
            values += other.values
            ends += other.ends.map { $0 + offset }
        }

        /// The key of text `index`.
        subscript(index: Int) -> ArraySlice<UInt64> {
            values[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
        }

        /// `indexes` in the order of their keys; `tieBreak` orders two with equal keys.
        func sorted(_ indexes: [Int], tieBreak: (Int, Int) -> Bool) -> [Int] {
            values.withUnsafeBufferPointer { values in
                ends.withUnsafeBufferPointer { ends in
                    indexes.sorted { lhs, rhs in
                        switch Self.compare(lhs, rhs, values: values, ends: ends) {
                        case .orderedAscending: return true
                        case .orderedDescending: return false
                        case .orderedSame: return tieBreak(lhs, rhs)
                        }
                    }
                }
            }
        }

        private static func compare(_ lhs: Int, _ rhs: Int, values: UnsafeBufferPointer<UInt64>, ends: UnsafeBufferPointer<Int>) -> ComparisonResult {
            var left = lhs == 0 ? 0 : ends[lhs - 1]
            var right = rhs == 0 ? 0 : ends[rhs - 1]
            let leftEnd = ends[lhs]
            let rightEnd = ends[rhs]
            while left < leftEnd && right < rightEnd {
                let (a, b) = (values[left], values[right])
                if a != b { return a < b ? .orderedAscending : .orderedDescending }
                left += 1
                right += 1
            }
            let (leftCount, rightCount) = (leftEnd - left, rightEnd - right)
            return leftCount == rightCount ? .orderedSame : leftCount < rightCount ? .orderedAscending : .orderedDescending
        }
    }
}
