import CourseKit

extension CatalogIndex {
    /// The summaries of an index, kept in the batches they were read in, the first of each
    /// ID only.
    ///
    /// Gathering a hundred thousand summaries into one array would copy each, with its
    /// dozen strings and arrays; a batch stays as its reader made it.
    struct Summaries: Sendable {
        private var batches: [[Summary]]
        /// Where each ID's summary is: its batch in the high half, its place in it in the low.
        private var places: [CourseID: Int] = [:]

        /// The summaries of `batches`, in order, but those whose ID an earlier one has; a
        /// line for each left out goes to `skipped`, in the document's order with the
        /// lines already there (`position` is each one's place in the document).
        init(_ batches: [[Summary]], skipped: inout [(position: Int, line: String)]) {
            self.batches = batches
            var repeats: [(batch: Int, offset: Int)] = []
            places.reserveCapacity(batches.reduce(0) { $0 + $1.count })
            for batch in batches.indices {
                for offset in batches[batch].indices {
                    let id = batches[batch][offset].entry.course.id
                    if let earlier = places[id] {
                        let position = batches[batch][offset].position
                        skipped.append((position, Catalog.SkippedCourse.repeated(id, at: position, first: self[place: earlier].position).line))
                        repeats.append((batch, offset))
                    } else {
                        places[id] = Self.place(batch, offset)
                    }
                }
            }
            if !repeats.isEmpty { dropRepeats(repeats) }
            skipped.sort { $0.position < $1.position }
        }

        var count: Int { places.count }

        /// The summary of the course with `id`.
        subscript(id: CourseID) -> Summary? {
            places[id].map { self[place: $0] }
        }

        /// Calls `body` with each summary, in the document's order.
        func forEach(_ body: (Summary) throws -> Void) rethrows {
            for batch in batches {
                for summary in batch {
                    try body(summary)
                }
            }
        }

        /// Each summary changed by `transform`.
        func map(_ transform: (Summary) -> Summary) -> Summaries {
            var mapped = self
            mapped.batches = batches.map { $0.map(transform) }
            return mapped
        }

        private subscript(place place: Int) -> Summary {
            batches[place >> 32][place & 0xFFFF_FFFF]
        }

        private static func place(_ batch: Int, _ offset: Int) -> Int {
            batch << 32 | offset
        }

        /// Takes out the summaries at `repeats`, and notes again where the rest are; each
        /// batch that had any is made again once, so a catalog of repeats stays linear.
        private mutating func dropRepeats(_ repeats: [(batch: Int, offset: Int)]) {
            let dropped = Dictionary(grouping: repeats, by: \.batch).mapValues { Set($0.map(\.offset)) }
            for (batch, offsets) in dropped {
                var kept: [Summary] = []
                kept.reserveCapacity(batches[batch].count - offsets.count)
                for offset in batches[batch].indices where !offsets.contains(offset) {
                    kept.append(batches[batch][offset])
                }
                batches[batch] = kept
            }
            places.removeAll(keepingCapacity: true)
            for batch in batches.indices {
                for offset in batches[batch].indices {
                    places[batches[batch][offset].entry.course.id] = Self.place(batch, offset)
                }
            }
        }
    }
}
