import CourseKit
import FoundationEssentials
import TerminalUI

/// The Due pane's list as lines of plain text, for the `due` and `calendar` commands: the same
/// groups, the same words, nothing cut to a pane's width.
package enum DueListing {
    /// How far back the list looks, for what was missed: as far as the pane.
    package static let lookBack = DueState.lookBack

    /// One line of the listing.
    package enum Line: Equatable {
        /// `Missing`, `Today`, `Tomorrow` or a day such as `Mon 7 Dec`.
        case heading(String)
        case item(Entry)
    }

    /// An item as its row says it, column by column.
    package struct Entry: Equatable {
        package var item: PlannerItem
        /// `08:00` or `all day`; a missing item's day, as its heading doesn't say it.
        package var when: String
        /// The course's code, else its name, else `—`.
        package var course: String
        /// `10 pts`, when it is worth points.
        package var points: String?
        /// What it is when it isn't an assignment: `quiz`, `announcement`.
        package var kind: String?
        /// Where the student stands, as the row says it (`✓ submitted`).
        package var state: String?
        /// The style the row draws `state` in.
        package var stateStyle: Style
    }

    /// `items` grouped as the pane groups them at `now`: missing first, then day by day.
    package static func lines(_ items: [PlannerItem], now: Date, glyphs: Glyphs) -> [Line] {
        let groups = DueGroups(items, now: now)
        return groups.rows.map { row in
            switch row {
            case let .heading(text):
                return .heading(text)
            case let .item(index):
                return .item(entry(groups.items[index], now: now, glyphs: glyphs))
            }
        }
    }

    /// `items` in the order the pane lists them at `now`, without the headings.
    package static func ordered(_ items: [PlannerItem], now: Date) -> [PlannerItem] {
        DueGroups(items, now: now).items
    }

    private static func entry(_ item: PlannerItem, now: Date, glyphs: Glyphs) -> Entry {
        let missing = DueDay(of: item, now: now) == .missing
        let state = DueRow.stateSpan(item, glyphs: glyphs, now: now)
        return Entry(
            item: item,
            when: missing ? DateText.day(item.date, now: now) : DueRow.timeText(item),
            course: DueRow.courseText(item),
            points: item.pointsPossible.map { "\(points($0)) pts" },
            kind: DueRow.kindText(item.kind),
            state: state?.text,
            stateStyle: state?.style ?? .plain
        )
    }

    /// Points as the pane writes them: `10`, `7.25`.
    package static func points(_ value: Double) -> String {
        PointsText.format(value)
    }

    /// How long ago a saved copy was made: `5 min ago`, `3 h ago`, as the panes say it.
    package static func age(of date: Date, now: Date) -> String {
        DateText.age(of: date, now: now)
    }

    /// The calendar day `date` falls on, on the user's wall clock, as the pane's headings count days.
    package static func localDay(_ date: Date) -> (year: Int, month: Int, day: Int) {
        let time = LocalTime(date)
        return (time.year, time.month, time.day)
    }
}
