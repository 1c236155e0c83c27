import CourseKit
import Foundation
import TerminalUI

/// The Course pane's inline list of the assignments that take file uploads: typing narrows
/// it, `↑` `↓` choose, `Enter` picks.
struct AssignmentPicker: Equatable {
    /// What a key did to the picker.
    enum Outcome: Equatable {
        case editing
        case cancelled
        /// Enter on an assignment that takes files now.
        case picked(Assignment)
    }

    /// Rows of assignments shown at once; more scroll.
    static let visibleRows = 6

    /// Every assignment it offers, soonest due first.
    let assignments: [Assignment]
    var filter = LineEditor()
    /// The chosen row among `matches`.
    private(set) var selection = 0
    /// Why the last Enter picked nothing (a locked assignment), shown under the list.
    var problem: String?

    init(assignments: [Assignment]) {
        self.assignments = assignments
    }

    /// The assignments whose name holds the filter's text, ignoring case and accents.
    var matches: [Assignment] {
        let wanted = SearchText.folded(filter.text.trimmingCharacters(in: .whitespaces))
        guard !wanted.isEmpty else { return assignments }
        return assignments.filter { SearchText.folded($0.name).contains(wanted) }
    }

    var selected: Assignment? {
        let matches = matches
        return matches.indices.contains(selection) ? matches[selection] : nil
    }

    mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .escape:
            return .cancelled
        case .up, .control("p"):
            selection = max(0, selection - 1)
        case .down, .control("n"):
            selection = min(max(0, matches.count - 1), selection + 1)
        case .enter:
            guard let selected else {
                problem = "No assignment matches \"\(filter.text)\""
                return .editing
            }
            if let refusal = selected.uploadRefusal {
                problem = refusal
                return .editing
            }
            return .picked(selected)
        default:
            guard filter.handle(key) else { return .editing }
            selection = 0
            problem = nil
        }
        return .editing
    }
}
