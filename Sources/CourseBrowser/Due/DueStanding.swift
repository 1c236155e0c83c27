import CourseKit
import FoundationEssentials

/// Where the student's part of a planner item stands, decided once for the Due pane's rows
/// and for what the `due` and `calendar` commands print.
package enum DueStanding: Equatable, Sendable {
    case excused
    /// Past its date with nothing handed in, or marked missing by Canvas.
    case missing
    case graded
    case submitted
    /// Handed in after the due date.
    case submittedLate
    /// Canvas says late, though nothing is handed in yet.
    case late
    /// Ticked done in the planner.
    case done
    /// The teacher gave more time.
    case extended
    /// The teacher asked for the work again.
    case redoRequested
    /// Graded, and the grade not released yet.
    case gradeNotReleased

    /// Where `item` stands at `now`; nil when there is nothing to say (work still ahead, an announcement).
    package init?(of item: PlannerItem, now: Date) {
        let status = item.status ?? PlannerItem.Status()
        if status.isExcused {
            self = .excused
        } else if DueDay.isMissing(item, now: now) {
            // Said as the row is grouped: Canvas keeps its missing flag on work graded 0 for not being handed in.
            self = .missing
        } else if status.isRedoRequested {
            self = .redoRequested
        } else if status.isExtended {
            self = .extended
        } else if status.isGraded {
            self = status.isGradeHidden ? .gradeNotReleased : .graded
        } else if status.isSubmitted {
            self = status.isLate ? .submittedLate : .submitted
        } else if status.isLate {
            self = .late
        } else if item.isMarkedComplete {
            self = .done
        } else {
            return nil
        }
    }

    /// The word a row says, after the standing's mark if it has one.
    package var word: String {
        switch self {
        case .excused: "excused"
        case .missing: "missing"
        case .graded: "graded"
        case .submitted: "submitted"
        case .submittedLate, .late: "late"
        case .done: "done"
        case .extended: "extended"
        case .redoRequested: "redo requested"
        case .gradeNotReleased: "grade not released"
        }
    }
}
