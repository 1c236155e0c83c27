import CourseKit

extension UploadQueueClient {
    /// Hands each change the queue announces to `receive`, with `owner`, on the main actor,
    /// until the returned task is cancelled or `owner` is gone; the owner is never kept alive by it.
    @MainActor
    func follow<Owner: AnyObject & Sendable>(by owner: Owner, _ receive: @escaping @MainActor (Owner, UploadChange) -> Void) -> Task<Void, Never> {
        let updates = updates()
        return Task { [weak owner] in
            for await change in updates {
                guard let owner else { return }
                receive(owner, change)
            }
        }
    }

    /// Hands how far the transfers in flight have got to `receive`, with `owner`, on the main
    /// actor, as the queue tells it (at most ten times a second, never while nothing moves),
    /// until the returned task is cancelled or `owner` is gone; the owner is never kept alive by it.
    @MainActor
    func followProgress<Owner: AnyObject & Sendable>(
        by owner: Owner, _ receive: @escaping @MainActor (Owner, [String: UploadProgress]) -> Void
    ) -> Task<Void, Never> {
        let updates = progressUpdates()
        return Task { [weak owner] in
            for await progress in updates {
                guard let owner else { return }
                receive(owner, progress)
            }
        }
    }

    /// Calls `receive` with `owner` on the main actor after each change to the queue on disk,
    /// whoever made it, until the returned task is cancelled or `owner` is gone; the owner is
    /// never kept alive by it.
    @MainActor
    func followChangesOnDisk<Owner: AnyObject & Sendable>(by owner: Owner, _ receive: @escaping @MainActor (Owner) -> Void) -> Task<Void, Never> {
        let changes = changesOnDisk()
        return Task { [weak owner] in
            for await _ in changes {
                guard let owner else { return }
                receive(owner)
            }
        }
    }
}
