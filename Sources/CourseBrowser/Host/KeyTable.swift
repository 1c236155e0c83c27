import TerminalUI

/// Every key the browser answers to, as each pane and the shell declare them: the help
/// overlay and `--help` list these rows, README's key table repeats them (a test holds it to
/// that), and the man page is made from them.
public enum KeyTable {
    /// One row: the keys, what they do, and the short form for the hint line if it has one.
    public struct Row: Equatable, Sendable {
        /// Alternatives, each a group of keys: `[["↑", "↓"], ["j", "k"]]` is ↑ ↓ or j k.
        public let keys: [[String]]
        public let does: String
        /// The hint line's short form.
        let hint: KeyHint?

        /// The keys as the help screens show them: groups two spaces apart.
        public var label: String {
            keys.map { $0.joined(separator: " ") }.joined(separator: "  ")
        }
    }

    /// A heading and its rows, as the help lists them.
    public struct Group: Equatable, Sendable {
        public let title: String
        public let rows: [Row]
    }

    /// Each pane's keys under its name, in focus order, then the shell's.
    public static let groups = [
        Group(title: "Courses", rows: CourseListState.bindings.map(\.row)),
        Group(title: "Due", rows: DueState.bindings.map(\.row)),
        Group(title: "Course", rows: CourseDetailState.bindings.map(\.row)),
        Group(title: UploadsState.name, rows: UploadsState.bindings.map(\.row)),
    ] + promptGroups + [
        Group(title: ShellKeys.everywhere, rows: ShellKeys.bindings.map(\.row)),
    ]

    /// The keys of the prompts the panes open, which take every other key as text: what the
    /// prompts' own rows and the hint line say, listed where help, `--help`, the man page and README list keys.
    static let promptGroups = [
        Group(title: "Finding courses (/)", rows: CourseListState.filterBindings.map(\.row)),
        // Its q is the shell's, listed with the keys that work everywhere.
        Group(title: "The help (?)", rows: HelpOverlay.bindings.filter { $0.action != .quit }.map(\.row)),
        Group(title: "Finding in the help (/)", rows: HelpOverlay.findBindings.map(\.row)),
        Group(title: "A what-if score (w)", rows: GradePrompt.whatIfBindings.map(\.row)),
        Group(title: "A letter to reach (t)", rows: GradePrompt.targetBindings.map(\.row)),
        Group(title: "Choosing an assignment (s)", rows: AssignmentPicker.bindings.map(\.row)),
        Group(title: "Handing in as (s)", rows: HandInFlow.kindBindings.map(\.row)),
        Group(title: "Typing a link (l)", rows: HandInFlow.linkBindings.map(\.row)),
        Group(title: "Before a text or link is handed in", rows: HandInFlow.contentConfirmBindings.map(\.row)),
        Group(title: "Typing files (s, u)", rows: UploadPrompt.bindings.map(\.row)),
        Group(title: "Before a hand-in", rows: HandInFlow.confirmBindings.map(\.row)),
        Group(title: "Before a reply", rows: ReplyFlow.confirmBindings.map(\.row)),
    ]

    /// Every row, in the order the help lists them: each pane's keys, then the shell's.
    public static let rows = groups.flatMap(\.rows)

    /// The `KEYS:` section of `--help`, a heading per pane, wrapped to 79 columns like the rest of it.
    public static var helpSection: String {
        let width = (rows.map(\.label.displayWidth).max() ?? 0) + 2
        let indent = String(repeating: " ", count: 4 + width)
        let lines = groups.flatMap { group in
            ["  \(group.title):"] + group.rows.flatMap { row in
                row.does.wrapped(toWidth: 79 - indent.count).enumerated().map { index, text in
                    (index == 0 ? "    " + row.label.padded(toWidth: width) : indent) + text
                }
            }
        }
        return (["KEYS:"] + lines).joined(separator: "\n")
    }
}
