import CourseKit
import FileSystem
import Synchronization

extension CourseClient {
    /// The same client, every answer it gives also saved in `store`, for the account `account`
    /// names once it is known (nil: not saved, as when the account can't be learned).
    ///
    /// A view's courses are saved once its listing has arrived to the end, so a saved list is
    /// never a first page standing for the whole.
    public func saving(to store: SavedCopyStore, account: @escaping @Sendable () async -> SavedCopyAccount?) -> CourseClient {
        let listings = Mutex<[CourseScope: [Course]]>([:])
        let client = self
        @Sendable func save<Value: Codable & Sendable>(_ value: Value, as key: SavedCopyKey) async {
            guard let account = await account() else { return }
            _ = try? await Files.offload { _ in store.write(value, as: key, of: account) }
        }
        return CourseClient(
            coursesPage: { scope, cursor, progress in
                let page = try await client.coursesPage(scope, cursor, progress)
                let whole: [Course]? = listings.withLock { listings in
                    let sofar = (cursor == nil ? [] : listings[scope] ?? []) + page.items
                    listings[scope] = page.next == nil ? nil : sofar
                    return page.next == nil ? sofar : nil
                }
                if let whole { await save(whole, as: .courses(scope)) }
                return page
            },
            course: { id, progress in
                let course = try await client.course(id, progress)
                await save(course, as: .course(id))
                return course
            },
            syllabus: { id, progress in
                let syllabus = try await client.syllabus(id, progress)
                await save(syllabus, as: .syllabus(id))
                return syllabus
            },
            modules: { id, progress in
                let modules = try await client.modules(id, progress)
                await save(modules, as: .modules(id))
                return modules
            },
            assignments: { id, progress in
                let assignments = try await client.assignments(id, progress)
                await save(assignments, as: .assignments(id))
                return assignments
            }
        )
    }
}
