import CourseKit
import FoundationEssentials

/// The planner's items as the Due pane lists them: under a heading per `DueDay`, missing
/// first, then day by day, each day's items by time.
struct DueGroups: Equatable {
    /// One row of the list: a heading, or the item at an index of `items`.
    enum Row: Equatable {
        case heading(String)
        case item(Int)
    }

    /// The items in the order they are listed.
    private(set) var items: [PlannerItem] = []
    private(set) var rows: [Row] = []

    init() {}

    /// Groups `items` as they stand at `now`.
    init(_ items: [PlannerItem], now: Date) {
        let placed = items.map { (day: DueDay(of: $0, now: now), item: $0) }
            // What is ticked done sinks to the bottom of its day.
            .sorted { ($0.day, $0.item.isMarkedComplete ? 1 : 0, $0.item.date, $0.item.title, $0.item.id)
                < ($1.day, $1.item.isMarkedComplete ? 1 : 0, $1.item.date, $1.item.title, $1.item.id) }
        var current: DueDay?
        for entry in placed {
            if entry.day != current {
                current = entry.day
                rows.append(.heading(entry.day.heading(now: now, sample: entry.item.date)))
            }
            rows.append(.item(self.items.count))
            self.items.append(entry.item)
        }
    }

    /// The row that shows the item at `index`.
    func row(ofItem index: Int) -> Int? {
        rows.firstIndex(of: .item(index))
    }
}
