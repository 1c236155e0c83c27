import CMemory
import CourseKit

extension CatalogIndex {
    /// The summaries of an index, the first of each ID only, in the document's order.
    ///
    /// The courses are kept together in one array, which the course list is given as it is
    /// when it shows them all: a hundred thousand courses are held once, not once here and
    /// again in a copy for the list. The rest of each summary is kept beside it.
    struct Summaries: Sendable {
        private(set) var courses: [Course] = []
        private var rests: [Rest] = []
        /// Where each ID's summary is in `courses` and `rests`.
        private var places: [CourseID: Int] = [:]

        /// A summary without its course.
        private struct Rest: Sendable {
            var position: Int
            var held: HeldParts?
            var ranges: PartRanges
        }

        /// The summaries of `batches`, in order, but those whose ID an earlier one has; a
        /// line for each left out goes to `skipped`, in the document's order with the
        /// lines already there (`position` is each one's place in the document). Each batch
        /// is let go once taken in.
        init(_ batches: consuming [[Summary]], skipped: inout [(position: Int, line: String)]) {
            let total = batches.reduce(0) { $0 + $1.count }
            courses.reserveCapacity(total)
            rests.reserveCapacity(total)
            places.reserveCapacity(total)
            for index in batches.indices {
                for summary in batches[index] {
                    add(summary, skipped: &skipped)
                }
                batches[index] = []
            }
            // The batches were made on the reading threads, whose arenas keep what they freed:
            // tens of megabytes for a big catalog, worth handing back before the list sorts it.
            if total >= Self.givesBackMemoryFrom { cb_give_back_free_memory() }
            skipped.sort { $0.position < $1.position }
        }

        private mutating func add(_ summary: Summary, skipped: inout [(position: Int, line: String)]) {
            let id = summary.course.id
            if let earlier = places[id] {
                let line = Catalog.SkippedCourse.repeated(id, at: summary.position, first: rests[earlier].position).line
                skipped.append((summary.position, line))
                return
            }
            places[id] = courses.count
            courses.append(summary.course)
            rests.append(Rest(position: summary.position, held: summary.held, ranges: summary.ranges))
        }

        /// How many courses make a catalog big enough to hand back what reading it freed.
        static let givesBackMemoryFrom = 10_000

        var count: Int { courses.count }

        /// The summary of the course with `id`.
        subscript(id: CourseID) -> Summary? {
            places[id].map(summary(at:))
        }

        /// Calls `body` with each summary, in the document's order.
        func forEach(_ body: (Summary) throws -> Void) rethrows {
            for index in courses.indices {
                try body(summary(at: index))
            }
        }

        /// Each summary changed by `transform`, which keeps its course's ID.
        func map(_ transform: (Summary) -> Summary) -> Summaries {
            var mapped = self
            for index in courses.indices {
                let summary = transform(summary(at: index))
                mapped.courses[index] = summary.course
                mapped.rests[index] = Rest(position: summary.position, held: summary.held, ranges: summary.ranges)
            }
            return mapped
        }

        private func summary(at index: Int) -> Summary {
            let rest = rests[index]
            return Summary(course: courses[index], position: rest.position, held: rest.held, ranges: rest.ranges)
        }
    }
}
