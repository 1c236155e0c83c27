import FoundationEssentials

extension UploadJob {
    /// A done mark the student set on an item of their planner, and what sending it has learned.
    ///
    /// The backend keeps one mark per item (Canvas's planner override), so sending a mark sets
    /// that one's state: a send repeated after a lost answer finds the mark the first one made
    /// and sets it again, and the item never has two.
    public struct PlannerMark: Equatable, Sendable, Codable {
        /// The planner item's ID (`assignment:12`): its kind and its plannable's ID.
        public var itemID: String
        /// The item's title when the mark was set, for the queue's rows.
        public var title: String
        public var isDone: Bool
        /// The backend's mark of the item, where the planner showed one or sending made one.
        public var overrideID: String?
        /// Whether the item was dismissed from the planner's list, kept as it was: Canvas clears
        /// it when an update leaves it out.
        public var isDismissed: Bool

        public init(itemID: String, title: String, isDone: Bool, overrideID: String? = nil, isDismissed: Bool = false) {
            self.itemID = itemID
            self.title = title
            self.isDone = isDone
            self.overrideID = overrideID
            self.isDismissed = isDismissed
        }

        /// The mark `item` gets when it is set to `done`.
        public init(_ item: PlannerItem, done: Bool) {
            self.init(
                itemID: item.id, title: item.title, isDone: done, overrideID: item.override?.id, isDismissed: item.override?.isDismissed ?? false
            )
        }

        /// The item's kind as its ID writes it (`assignment`).
        public var kindName: String {
            String(itemID.prefix { $0 != ":" })
        }

        /// The plannable's own ID, after the kind in the item's ID.
        public var plannableID: String {
            itemID.firstIndex(of: ":").map { String(itemID[itemID.index(after: $0)...]) } ?? itemID
        }
    }

    /// Where a job that belongs to no course is filed: a mark on a note of the student's own.
    public static let plannerCourse = CourseID(verbatim: "planner")

    /// Whether the job sets a done mark rather than sending or fetching files.
    public var isPlannerMark: Bool {
        plannerMark != nil
    }
}
