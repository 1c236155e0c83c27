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

        /// None yet: batches are added in the document's order, then `finish` is called.
        init() {}

        /// `summaries`, in order, but those whose ID an earlier one has; a line for each left
        /// out goes to `skipped`, in the document's order with the lines already there
        /// (`position` is each one's place in the document).
        init(_ summaries: [Summary], skipped: inout [(position: Int, line: String)]) {
            add(summaries)
            finish(skipped: &skipped)
        }

        /// Adds the summaries of `batch`, the next in the document; those whose ID an earlier
        /// one has are taken out by `finish`.
        mutating func add(_ batch: [Summary]) {
            for summary in batch {
                courses.append(summary.course)
                rests.append(Rest(position: summary.position, held: summary.held, ranges: summary.ranges))
            }
        }

        /// Done adding: notes where each ID is, takes out every summary whose ID an earlier
        /// one has with a line for it in `skipped`, and puts `skipped` in the document's order.
        ///
        /// The places are made once all are in, so the table is made at its size, not grown
        /// (and every ID hashed again) as batches come.
        mutating func finish(skipped: inout [(position: Int, line: String)]) {
            places.reserveCapacity(courses.count)
            var repeated: [Int] = []
            for index in courses.indices {
                let id = courses[index].id
                if let first = places.updateValue(index, forKey: id) {
                    // An earlier summary has the ID: it keeps its place.
                    places[id] = first
                    repeated.append(index)
                }
            }
            if !repeated.isEmpty { takeOut(repeated, skipped: &skipped) }
            // The batches were made on the reading threads, whose arenas keep what they freed:
            // tens of megabytes for a big catalog, worth handing back before the list sorts it.
            if courses.count >= Self.givesBackMemoryFrom { cb_give_back_free_memory() }
            skipped.sort { $0.position < $1.position }
        }

        /// Takes out the summaries at `repeated` (each of an ID an earlier one has), with a line
        /// for each, and notes the places of those left, which moved.
        private mutating func takeOut(_ repeated: [Int], skipped: inout [(position: Int, line: String)]) {
            for index in repeated {
                let id = courses[index].id
                guard let first = places[id] else { continue }
                let position = rests[index].position
                skipped.append((position, Catalog.SkippedCourse.repeated(id, at: position, first: rests[first].position).line))
            }
            let leftOut = Set(repeated)
            let kept = courses.indices.filter { !leftOut.contains($0) }
            courses = kept.map { courses[$0] }
            rests = kept.map { rests[$0] }
            places.removeAll(keepingCapacity: true)
            for index in courses.indices {
                places[courses[index].id] = index
            }
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
