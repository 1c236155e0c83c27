import CourseKit

extension PlannerClient {
    /// The same planner, every answer it gives also saved in `store` for the account `account`
    /// names once it is known, for showing when the backend can't be reached.
    public func saving(to store: SavedCopyStore, account: @escaping @Sendable () async -> SavedCopyAccount?) -> PlannerClient {
        let writer = SavedCopyWriter(store: store, account: account)
        let planner = self
        return PlannerClient { start, end, progress in
            let items = try await planner.items(start, end, progress)
            writer.save(items, as: .planner)
            return items
        }
    }
}
