import CourseKit
import FoundationEssentials
import TerminalUI

/// Everything the Due pane shows: what the planner holds from two weeks back to four ahead,
/// grouped by day, the selected item, the hand-in flow while it is open, and the window of
/// rows on screen.
///
/// Changed only by its `update`; drawing reads it.
struct DueState {
    /// How far back the pane looks, for what was missed.
    static let lookBack: TimeInterval = 14 * 86_400
    /// How far ahead the pane looks.
    static let lookAhead: TimeInterval = 28 * 86_400

    var planner = LoadState<[PlannerItem]>()
    /// The items grouped as they stood when they last arrived or the minute turned.
    private(set) var groups = DueGroups()
    /// The minute the items were grouped in: past it, what was due may be missing.
    private(set) var groupedMinute = 0
    /// How many of the items are missing, as they were grouped.
    private(set) var missingCount = 0
    /// When the last refresh failed, while what it was to replace is still shown.
    var refreshFailedAt: Date?
    /// The selected item, by its ID, so it stays selected as the list is read again.
    private var selectedID: String?
    /// The assignment `s` was pressed on, while its course's assignments load to hand in to it.
    var handInTarget: HandInTarget?
    /// The hand-in flow, once the assignment is found and takes files.
    var handIn: HandInFlow?
    /// Course codes the course list knew, by course, for items the planner left without one.
    var courseCodes: [CourseID: String] = [:]
    /// Hand-ins queued from this pane, by job ID: their news is this pane's to tell.
    var queuedJobs: Set<String> = []
    /// Done marks set here, by item ID, shown until the planner says the same.
    var marks: [String: DueMark] = [:]
    /// To-dos added, changed or removed here, in order, shown until the planner says the same.
    var noteChanges: [DueNoteChange] = []
    var nextNoteToken = 0
    /// The question about a to-do, while it is asked.
    var notePrompt: NotePrompt?
    /// The moment the items were last grouped at.
    private(set) var groupedAt = Date.distantPast
    /// What `o`, `y` or a hand-in just did, or why a key did nothing, until the next key.
    var notice: Notice?
    private(set) var size = PaneSize.zero
    private(set) var list = ListView()
    /// The home folder, for `~` in the hand-in flow's prompt.
    let home: String

    /// An assignment waiting for its course's assignments, to open the hand-in flow on it.
    struct HandInTarget {
        var course: CourseID
        var assignmentID: String
        var assignments = LoadState<[Assignment]>()
    }

    /// The LMS by name, for what the hand-in flow warns of.
    let lms: String
    /// Why items can't be marked done here; nil where they can.
    let plannerMarkRefusal: String?

    /// Whether the backend takes texts and links from here, not only files.
    let takesContent: Bool

    init(home: String = "", lms: String = BackendCapabilities.canvas.lmsName, plannerMarkRefusal: String? = nil, takesContent: Bool = false) {
        self.home = home
        self.takesContent = takesContent
        self.lms = lms
        self.plannerMarkRefusal = plannerMarkRefusal
    }

    mutating func resize(_ size: PaneSize) {
        self.size = size
    }

    /// Groups the items loaded as they stand at `now`.
    mutating func regroup(now: Date) {
        groups = DueGroups(marking(applyingNotes(namingCourses(planner.value ?? []))), now: now)
        groupedMinute = WallClock.minute(of: now)
        groupedAt = now
        missingCount = groups.items.prefix { DueDay.isMissing($0, now: now) }.count
    }

    var selection: Int? {
        let items = groups.items
        return selectedID.flatMap { id in items.firstIndex { $0.id == id } }
    }

    var selectedItem: PlannerItem? {
        selection.map { groups.items[$0] }
    }

    mutating func select(_ index: Int) {
        let items = groups.items
        guard !items.isEmpty else { return }
        selectedID = items[max(0, min(index, items.count - 1))].id
    }

    /// Keeps an item selected and fits the window to the room the status rows leave, its heading in view.
    mutating func settle(now: Date) {
        if selection == nil {
            select(0)
        }
        let height = max(0, size.height - headerLines(width: textWidth, glyphs: size.glyphs, now: now).count
            - statusLines(width: textWidth, glyphs: size.glyphs, now: now).count)
        let row = selection.flatMap(groups.row(ofItem:))
        list.layout(height: height, count: groups.rows.count, selected: row, context: 1)
    }

    /// Columns for rows: the pane keeps one blank column each side.
    var textWidth: Int { max(1, size.width - 2) }

    /// Whether the hand-in flow is open and takes every key.
    var isTyping: Bool { handIn != nil || notePrompt != nil }

    var isLoading: Bool {
        planner.isLoading || handInTarget?.assignments.isLoading == true
    }

    /// `Due · 2 missing` while anything is, else `Due · 4`: short, as it is a tab too on a narrow screen.
    var title: String {
        if missingCount > 0 { return "Due · \(missingCount) missing" }
        return groups.items.isEmpty ? "Due" : "Due · \(groups.items.count)"
    }

    var footer: String? {
        selection.flatMap { list.position(of: $0, count: groups.items.count, rows: groups.rows.count) }
    }
}
