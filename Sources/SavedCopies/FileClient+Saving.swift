import CourseKit

extension FileClient {
    /// The same client, each course's Files also saved in `store` for the account `account`
    /// names once it is known, so a start without a network still shows what the course had.
    ///
    /// One file's fresh details (a download's new address) are not saved: a signed address
    /// expires, and the list already has the rest.
    public func saving(to store: SavedCopyStore, account: @escaping @Sendable () async -> SavedCopyAccount?) -> FileClient {
        let writer = SavedCopyWriter(store: store, account: account)
        let client = self
        return FileClient(
            files: { id, progress in
                let files = try await client.files(id, progress)
                writer.save(files, as: .files(id))
                return files
            },
            file: { course, fileID in try await client.file(course, fileID) }
        )
    }
}
