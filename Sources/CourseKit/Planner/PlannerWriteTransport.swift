/// Sends what the student changes in their planner: a done mark on an item.
///
/// `setDone` either leaves the backend holding the mark as asked, or throws; it may be called
/// again after any failure, since setting a mark twice leaves one mark.
public struct PlannerWriteTransport: Sendable {
    /// Sets `mark` on the backend and returns the ID of the backend's mark of the item.
    public var setDone: @Sendable (_ mark: UploadJob.PlannerMark) async throws -> String

    public init(setDone: @escaping @Sendable (_ mark: UploadJob.PlannerMark) async throws -> String) {
        self.setDone = setDone
    }
}

extension PlannerWriteTransport {
    /// Fails every call, so a test notices when it reaches an endpoint it did not set up.
    public static let unimplemented = PlannerWriteTransport { _ in throw Unimplemented("PlannerWriteTransport.setDone") }
}
