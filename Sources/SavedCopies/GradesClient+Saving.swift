import CourseKit

extension GradesClient {
    /// The same client, each course's grades also saved in `store` for the account `account`
    /// names once it is known.
    public func saving(to store: SavedCopyStore, account: @escaping @Sendable () async -> SavedCopyAccount?) -> GradesClient {
        let writer = SavedCopyWriter(store: store, account: account)
        let client = self
        return GradesClient(grades: { id, progress in
            let grades = try await client.grades(id, progress)
            if let grades { writer.save(grades, as: .grades(id)) }
            return grades
        })
    }
}
