/// Reads the durable upload queue.
public struct UploadQueueClient: Sendable {
    /// Every job in the queue, oldest first.
    public var jobs: @Sendable () async throws -> [UploadJob]

    public init(jobs: @escaping @Sendable () async throws -> [UploadJob]) {
        self.jobs = jobs
    }
}

extension UploadQueueClient {
    /// A queue that is always empty.
    public static let noOp = UploadQueueClient(jobs: { [] })

    public static let unimplemented = UploadQueueClient(jobs: { throw Unimplemented("UploadQueueClient.jobs") })
}
