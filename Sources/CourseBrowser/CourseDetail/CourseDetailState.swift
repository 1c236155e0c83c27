import CourseKit
import FoundationEssentials
import HTMLText
import TerminalUI

/// Everything the Course pane shows: the course's eight sections (overview, assignments,
/// announcements, discussions, grades, files, syllabus, modules), the hand-in flow while it is open, and the lines laid out for the
/// pane's size with the window of them on screen.
///
/// Changed only by its `update`; drawing reads it.
struct CourseDetailState {
    private(set) var courseID: CourseID?
    var overview = LoadState<Course>()
    var syllabus = LoadState<SyllabusBlocks>()
    var modules = LoadState<[CourseModule]>()
    var assignments = LoadState<[Assignment]>()
    /// What changed in the assignments since the student last looked.
    var seenAssignments = SeenAssignments()
    var announcements = LoadState<[ShownAnnouncement]>()
    /// Which announcements are open, and which were marked read here.
    var reading = AnnouncementReading()
    /// The course's discussions, latest activity first; none where the backend keeps none here.
    var discussions = LoadState<[DiscussionTopic]>()
    /// Which discussions are open, their threads, and which were marked read here.
    var discussionReading = DiscussionReading()
    var files = LoadState<CourseFiles>()
    /// How the course's total is made; no groups where the backend keeps none.
    var grades = LoadState<CourseGrades>()
    /// Scores the student typed to see what they would do, by assignment ID; never sent.
    var whatIf: [String: Double] = [:]
    /// What an assignment needs for a letter, as last asked.
    var needed: NeededQuestion?
    /// The what-if or letter question, while it is open.
    var gradePrompt: GradePrompt?
    /// Which files have a current downloaded copy, and how their downloads stand.
    var downloads = FileDownloads()
    /// The open hand-in flow (`s`) or upload prompt (`u`), if any.
    var handIn: HandInFlow?
    /// The reply being written to a discussion (`R`), if any.
    var reply: ReplyFlow?
    /// What the last flow did, how a submission from this pane ended, or why a key did
    /// nothing, until the next key.
    var notice: Notice?
    /// The assignment, announcement, file, folder or module item `n` and `p` selected, by its `DetailItem.id`.
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
    /// The syllabus's lines, by width, glyphs and version: by far the longest text to wrap.
    private(set) var syllabusLayout = SyllabusLines()
    /// Since when the rest of the syllabus is being converted behind the part shown; nil when all of it is.
    var syllabusPendingSince: Date?
    /// The syllabus's version after the last piece was added to it, and the version its value
    /// was last replaced at: while the first is current, the lines are extended, not wrapped anew.
    var syllabusAppended: (version: Int, base: Int)?

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
        let syllabusLines = layOutSyllabus(width: width)
        lines = contentLines(width: width, glyphs: size.glyphs, now: now, syllabus: syllabusLines)
            .prepending(savedCopyLines(width: width, glyphs: size.glyphs, now: now))
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
        guard let topic = discussionReading.revealed else { return }
        discussionReading.revealed = nil
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

    /// The syllabus laid out at `width`, reused while neither it nor the width changed; nil until it loads.
    private mutating func layOutSyllabus(width: Int) -> SyllabusRows? {
        guard let blocks = syllabus.value else { return nil }
        return syllabusLayout.lines(for: blocks, key: SyllabusLines.Key(width: width, glyphs: size.glyphs, version: syllabusBase))
    }

    /// What the pane is to do about wrapping the syllabus off the main actor since the last layout, if anything.
    mutating func takeSyllabusWrapRequest() -> Effect? {
        switch syllabusLayout.takeRequest() {
        case let .wrap(key): syllabus.value.map { .wrapSyllabus($0, key) } ?? .dropSyllabusWrap
        case .drop: .dropSyllabusWrap
        case nil: nil
        }
    }

    /// Puts the syllabus's lines wrapped off the main actor in place, if they are still wanted.
    mutating func receiveWrappedSyllabus(_ rows: SyllabusRows, key: SyllabusLines.Key) {
        syllabusLayout.adopt(rows, key: key)
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

    /// Whether `r` has something to try again: a section that failed to load, or a mark read the backend did not take.
    /// How many loads of the course's sections the backend answered.
    var answers: Int {
        overview.answers + syllabus.answers + modules.answers + assignments.answers + announcements.answers + discussions.answers
            + files.answers + grades.answers
    }

    /// Whether a section failed because the backend could not be reached.
    var isCutOff: Bool {
        overview.isCutOff || syllabus.isCutOff || modules.isCutOff || assignments.isCutOff || announcements.isCutOff || discussions.isCutOff
            || files.isCutOff || grades.isCutOff
    }

    var hasFailure: Bool {
        hasSectionFailure || !reading.failures.isEmpty || !discussionReading.failures.isEmpty
            || discussionReading.threads.values.contains(where: \.hasFailed) || !discussionReading.stale.isEmpty
    }

    /// Whether a section failed to load: what opening the course again loads afresh. A mark read
    /// that failed is not, as `r` sends it again without starting the pane over.
    var hasSectionFailure: Bool {
        overview.retryableFailure != nil || syllabus.retryableFailure != nil || modules.retryableFailure != nil
            || assignments.retryableFailure != nil || announcements.retryableFailure != nil || files.retryableFailure != nil
            || grades.retryableFailure != nil || discussions.retryableFailure != nil
    }

    /// When the oldest saved copy on screen was saved, whether one is being refreshed, and
    /// why a refresh failed: what the pane's one saved-copy row says.
    var savedCopies: SavedCopyRow.Status? {
        let sections = [
            (overview.savedAt, overview.isRefreshing, overview.refreshFailure, overview.note),
            (assignments.savedAt, assignments.isRefreshing, assignments.refreshFailure, assignments.note),
            (announcements.savedAt, announcements.isRefreshing, announcements.refreshFailure, announcements.note),
            (files.savedAt, files.isRefreshing, files.refreshFailure, files.note),
            (grades.savedAt, grades.isRefreshing, grades.refreshFailure, grades.note),
            (syllabus.savedAt, syllabus.isRefreshing, syllabus.refreshFailure, syllabus.note),
            (modules.savedAt, modules.isRefreshing, modules.refreshFailure, modules.note),
        ].filter { $0.0 != nil }
        guard let oldest = sections.compactMap(\.0).min() else { return nil }
        return SavedCopyRow.Status(
            savedAt: oldest, refreshing: sections.contains { $0.1 }, failure: sections.compactMap(\.2).first, note: sections.compactMap(\.3).first
        )
    }

    var isLoading: Bool {
        overview.isLoading || syllabus.isLoading || modules.isLoading || assignments.isLoading || announcements.isLoading || files.isLoading
            || grades.isLoading || discussions.isLoading
    }

    /// Whether the hand-in flow, a reply or a grade question is open and takes every key.
    var isTyping: Bool {
        handIn != nil || reply != nil || gradePrompt != nil
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
