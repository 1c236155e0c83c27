import FoundationEssentials

/// What is due across every current course, as one list: the Due pane and the `due` and
/// `calendar` commands read it.
///
/// One backend call covers every course (Canvas's planner, followed across its pages), never
/// one call per course.
public struct PlannerClient: Sendable {
    /// Every item dated from `start` up to `end`, in date order.
    public var items: @Sendable (_ start: Date, _ end: Date, _ progress: LoadProgress) async throws -> [PlannerItem]

    public init(items: @escaping @Sendable (_ start: Date, _ end: Date, _ progress: LoadProgress) async throws -> [PlannerItem]) {
        self.items = items
    }
}

extension PlannerClient {
    /// Nothing is ever due.
    public static let noOp = PlannerClient { _, _, _ in [] }
}

extension PlannerClient: Unimplementable {
    public static func unimplemented(report: @escaping Unimplemented.Report) -> PlannerClient {
        PlannerClient { _, _, _ in throw Unimplemented.reported("PlannerClient.items", to: report) }
    }
}
