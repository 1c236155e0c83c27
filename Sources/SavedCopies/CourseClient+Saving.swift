import CourseKit
import Synchronization

extension CourseClient {
    /// The same client, every answer it gives also saved in `store`, for the account `account`
    /// names once it is known (nil: not saved, as when the account can't be learned).
    ///
    /// A view's courses are saved once its listing has arrived to the end, so a saved list is
    /// never a first page standing for the whole.
    public func saving(to store: SavedCopyStore, account: @escaping @Sendable () async -> SavedCopyAccount?) -> CourseClient {
        // Each view's listing so far, and the page it goes on with.
        let listings = Mutex<[CourseScope: (next: PageCursor, courses: [Course])]>([:])
        let client = self
        let writer = SavedCopyWriter(store: store, account: account)
        /// `load`, each answer also saved under the key `key` gives its course.
        @Sendable func saved<Value: Codable & Sendable>(
            _ load: @escaping @Sendable (CourseID, LoadProgress) async throws -> Value,
            as key: @escaping @Sendable (CourseID) -> SavedCopyKey
        ) -> @Sendable (CourseID, LoadProgress) async throws -> Value {
            { id, progress in
                let value = try await load(id, progress)
                writer.save(value, as: key(id))
                return value
            }
        }
        return CourseClient(
            coursesPage: { scope, cursor, progress in
                let page = try await client.coursesPage(scope, cursor, progress)
                let whole: [Course]? = listings.withLock { listings in
                    var sofar: [Course] = []
                    if let cursor {
                        // A page of a listing that started again since (r, a new first page) is not part of this one.
                        guard let listing = listings[scope], listing.next == cursor else { return nil }
                        sofar = listing.courses
                    }
                    // A view read from overlapping listings (All) can name a course twice; it is kept once.
                    var seen = Set(sofar.map(\.id))
                    sofar += page.items.filter { seen.insert($0.id).inserted }
                    listings[scope] = page.next.map { ($0, sofar) }
                    return page.next == nil ? sofar : nil
                }
                if let whole { writer.save(whole, as: .courses(scope)) }
                return page
            },
            course: saved(client.course, as: SavedCopyKey.course),
            syllabus: saved(client.syllabus, as: SavedCopyKey.syllabus),
            modules: saved(client.modules, as: SavedCopyKey.modules),
            assignments: saved(client.assignments, as: SavedCopyKey.assignments)
        )
    }
}
