import CourseKit
import FoundationEssentials
import HTMLText
import TerminalUI

/// Everything the Course pane shows: the course's sections, each a value of its own (overview,
/// assignments, announcements, discussions, syllabus, modules, grades, files), the hand-in flow
/// or reply while one is open, the selection across the sections, and the lines laid out for
/// the pane's size with the window of them on screen.
///
/// Changed only by its `update`; drawing reads it.
struct CourseDetailState {
    private(set) var courseID: CourseID?
    var overview = OverviewSection()
    var assignments = AssignmentsSection()
    var announcements = AnnouncementsSection()
    var discussions = DiscussionsSection()
    var syllabus = SyllabusSection()
    var modules = ModulesSection()
    var grades = GradesSection()
    var files = FilesSection()
    /// The open hand-in flow (`s`) or upload prompt (`u`), if any.
    var handIn: HandInFlow?
    /// The reply being written to a discussion (`R`), if any.
    var reply: ReplyFlow?
    /// What the last flow did, how a submission from this pane ended, or why a key did
    /// nothing, until the next key.
    var notice: Notice?
    /// The item `n` and `p` selected, in any section, by its `DetailItem.id`.
    private(set) var selectedItem: String?
    /// An item to select once its line is laid out, as when another pane opens the course on it.
    var wantedItem: String?
    private(set) var size = PaneSize.zero
    /// The first content line on screen.
    private(set) var scroll = 0
    /// The prompt's rows (or the notice), above the content; laid out by `layout`.
    private(set) var header: [StyledLine] = []
    /// Every content line at the pane's width; laid out by `layout`.
    private(set) var lines = DetailLines()
    /// The minute the lines were laid out in, for the times they show against now ("due in 3 h").
    private(set) var laidOutMinute = 0
    /// The home folder, for `~` in the hand-in flow's prompt.
    let home: String
    /// What the backend can do: whether `u` adds files to a course, what the LMS is called.
    let capabilities: BackendCapabilities

    init(courseID: CourseID? = nil, size: PaneSize = .zero, home: String = "", capabilities: BackendCapabilities = .canvas) {
        self.courseID = courseID
        self.size = size
        self.home = home
        self.capabilities = capabilities
    }

    /// Starts over on `id`: nothing loaded, at the top, no prompt.
    mutating func show(_ id: CourseID) {
        self = CourseDetailState(courseID: id, size: size, home: home, capabilities: capabilities)
    }

    mutating func resize(_ size: PaneSize) {
        self.size = size
    }

    mutating func scroll(by rows: Int) {
        scroll = max(0, scroll + rows)
    }

    mutating func scroll(to row: Int) {
        scroll = max(0, row)
    }

    /// Lays the lines out again for the size and what has loaded, and keeps the window inside them.
    mutating func layout(now: Date) {
        laidOutMinute = WallClock.minute(of: now)
        let width = textWidth
        header = headerLines(width: width, glyphs: size.glyphs, now: now)
        let place = readingPlace()
        let syllabusPlace = lines.syllabusPlace(at: scroll)
        // Let go of the syllabus's lines first, so its layout adds a new piece's lines in place.
        lines = DetailLines()
        let context = sectionContext(width: width, now: now)
        for slot in Self.slots {
            slot.prepare(&self, context)
        }
        lines = contentLines(in: context).prepending(savedCopyLines(width: width, glyphs: size.glyphs, now: now))
        // A fresh answer, the saved-copy row coming or going, or a new width must not move what
        // the reader is looking at. Within the syllabus the top line stays on the same row of the
        // same block (a line count from its heading would land pages away at a new width);
        // elsewhere, at the same distance from the same landmark.
        if let syllabusPlace, let line = lines.line(at: syllabusPlace) {
            scroll = line
        } else if let place, let landmark = lines.firstMarked(where: { $0.landmark == place.landmark }) {
            scroll = landmark + place.offset
        }
        selectWantedItem()
        revealThread()
        scroll = max(0, min(scroll, max(0, lines.count - contentHeight)))
    }

    /// Scrolls a thread just opened or loaded into view, as much of it as fits, its discussion's
    /// row kept on screen.
    private mutating func revealThread() {
        guard let topic = discussions.reading.revealed else { return }
        discussions.reading.revealed = nil
        let ownID = DetailItem.id(ofTopic: topic)
        let replyPrefix = DetailItem.id(ofEntry: "", in: topic)
        let inThread = { (line: DetailLine) in line.item.map { $0.id == ownID || $0.id.hasPrefix(replyPrefix) } ?? false }
        guard let first = lines.firstMarked(where: inThread), let last = lines.lastMarked(where: inThread) else { return }
        if last >= scroll + contentHeight || first < scroll {
            scroll = min(first, max(0, last - contentHeight + 1))
        }
    }

    /// Selects the wanted item once a line shows it, and scrolls it to the top.
    private mutating func selectWantedItem() {
        guard let wantedItem, let line = lines.firstMarked(where: { $0.item?.id == wantedItem }) else { return }
        selectedItem = wantedItem
        scroll = line
        self.wantedItem = nil
    }

    /// The nearest landmark at or above the top line (below it, above the first one), and how
    /// far the top line is from it; nil at the top.
    private func readingPlace() -> (landmark: String, offset: Int)? {
        guard scroll > 0, scroll < lines.count else { return nil }
        let marked = lines.markable.filter { lines[$0].landmark != nil }
        guard let index = marked.last(where: { $0 <= scroll }) ?? marked.first(where: { $0 > scroll }),
              let landmark = lines[index].landmark
        else { return nil }
        let first = lines.firstMarked { $0.landmark == landmark } ?? index
        return (landmark, scroll - first)
    }

    /// Columns for text: the pane keeps one blank column each side.
    var textWidth: Int { max(1, size.width - 2) }

    /// Rows for content under the header.
    var contentHeight: Int { max(0, size.height - header.count) }

    /// How many loads of the course's sections the backend answered.
    var answers: Int {
        visitingSections(AnswerCountVisitor()).answers
    }

    /// Whether a section failed because the backend could not be reached.
    var isCutOff: Bool {
        anySection(.cutOff)
    }

    /// Whether `r` has something to try again: a section that failed to load, or a mark read the backend did not take.
    var hasFailure: Bool {
        hasSectionFailure || !announcements.reading.failures.isEmpty || discussions.hasFailure
    }

    /// Whether a section failed to load: what opening the course again loads afresh. A mark read
    /// that failed is not, as `r` sends it again without starting the pane over.
    var hasSectionFailure: Bool {
        anySection(.failed)
    }

    /// When the oldest saved copy on screen was saved, whether one is being refreshed, and
    /// why a refresh failed: what the pane's one saved-copy row says.
    var savedCopies: SavedCopyRow.Status? {
        let copies = visitingSections(SavedCopyVisitor()).copies
        guard let oldest = copies.map(\.savedAt).min() else { return nil }
        return SavedCopyRow.Status(
            savedAt: oldest, refreshing: copies.contains(where: \.refreshing), failure: copies.compactMap(\.failure).first,
            note: copies.compactMap(\.note).first
        )
    }

    var isLoading: Bool {
        anySection(.loading)
    }

    /// Whether the hand-in flow, a reply or a grade question is open and takes every key.
    var isTyping: Bool {
        handIn != nil || reply != nil || grades.prompt != nil
    }

    /// The selected assignment or module item, while it is on the page.
    var selectedDetailItem: DetailItem? {
        guard let selectedItem else { return nil }
        return lines.markable.lazy.compactMap { lines[$0].item }.first { $0.id == selectedItem }
    }

    /// Each item's first line, top to bottom: an item is one stop, though a row of its own (a
    /// comment's file) may part its lines.
    var itemStarts: [(id: String, line: Int)] {
        var starts: [(id: String, line: Int)] = []
        var seen: Set<String> = []
        for index in lines.markable {
            guard let item = lines[index].item, seen.insert(item.id).inserted else { continue }
            starts.append((item.id, index))
        }
        return starts
    }

    /// Selects the next (`step` 1) or previous (-1) item, starting from what is on screen when
    /// none is selected, and scrolls it into view.
    mutating func selectItem(step: Int) {
        let starts = itemStarts
        guard !starts.isEmpty else { return }
        let position: Int
        if let current = starts.firstIndex(where: { $0.id == selectedItem }) {
            position = max(0, min(starts.count - 1, current + step))
        } else if step > 0 {
            position = starts.firstIndex { $0.line >= scroll } ?? starts.count - 1
        } else {
            position = starts.lastIndex { $0.line < scroll + contentHeight } ?? 0
        }
        selectedItem = starts[position].id
        let first = starts[position].line
        let last = lines.lastMarked { $0.item?.id == selectedItem } ?? first
        if first < scroll {
            scroll = first
        } else if last >= scroll + contentHeight {
            scroll = max(0, min(first, last - contentHeight + 1))
        }
    }

    /// Selects the item drawn on row `y` of the pane; false when no item is there.
    mutating func selectItem(atRow y: Int) -> Bool {
        let line = scroll + y - header.count
        guard y >= header.count, y < size.height, lines.indices.contains(line), let item = lines[line].item else { return false }
        selectedItem = item.id
        return true
    }

    /// Selects the item `id`, where it shows or once it does.
    mutating func selectItem(_ id: String) {
        selectedItem = id
    }

    /// Leaves no item selected, so `o` opens the course.
    mutating func clearItemSelection() {
        selectedItem = nil
    }

    /// Which lines are on screen, "29–56 of 86", when not all fit: a text's place, as help gives its own.
    var footer: String? {
        guard lines.count > contentHeight else { return nil }
        return "\(scroll + 1)–\(min(scroll + contentHeight, lines.count)) of \(lines.count)"
    }
}
