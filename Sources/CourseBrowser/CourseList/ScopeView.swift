import CourseKit
import FoundationEssentials
import TerminalUI

/// One view of the course list: its pages, its grouped rows and where the user is in them.
///
/// A saved copy of the view is shown until its fresh listing has arrived to the end, then
/// the fresh courses replace it, the selection staying on the same course.
struct ScopeView {
    let scope: CourseScope
    private(set) var pages = PagedState<Course>()
    /// The view as it was saved, shown while the fresh listing is incomplete.
    private(set) var savedCopy: Saved<[Course]>?
    /// Whether `savedCopy` is the listing this run read last, kept on screen while a refresh
    /// reads it again: said nothing about unless the refresh fails.
    private(set) var isRefreshingQuietly = false
    /// When the listing last failed, for saying when a refresh did.
    private(set) var failedAt: Date?
    /// When the listing last arrived to its end.
    private var completedAt: Date?
    /// Whether a refresh came while another view was on screen: this one is read again when it is shown.
    private(set) var isStale = false
    /// The courses shown, grouped by term: every loaded course, or those the filter keeps.
    private(set) var groups = CourseGroups([], now: .distantPast)
    /// Every loaded course grouped by term; rebuilt only when more arrive.
    private(set) var allGroups = CourseGroups([], now: .distantPast)
    /// What the filter looks through, made the first time it is needed after courses arrive.
    private var searchKeys: CourseSearchKeys?
    /// The filter's words; empty: no filter.
    private(set) var filterWords: [String] = []
    /// Which courses the filter kept, by index in `allGroups.courses`, for narrowing it as typing goes on.
    private var kept: [Bool]?
    /// The window of rows on screen.
    private(set) var list = ListView()
    /// The selected course; kept on the same course as rows move.
    private var selectedID: CourseID?

    init(scope: CourseScope) {
        self.scope = scope
    }

    /// Applies what the page runner reports; returns the page to fetch next, if any.
    mutating func apply(_ event: PageEvent<Course>, now: Date) -> PageCursor? {
        let next = pages.apply(event)
        failedAt = pages.failure == nil ? nil : now
        if case .finished(.success) = event {
            if case .complete = pages.phase {
                savedCopy = nil
                isRefreshingQuietly = false
                completedAt = now
            }
            if savedCopy == nil {
                regroup(pages.items, now: now)
            }
        }
        return next
    }

    /// Shows `copy` until the fresh listing is complete.
    mutating func restore(_ copy: Saved<[Course]>, now: Date) {
        savedCopy = copy
        regroup(copy.value, now: now)
    }

    /// Keeps the complete listing on screen as the copy to show while it is read again from the first page.
    mutating func holdForRefresh() {
        guard case .complete = pages.phase else { return }
        savedCopy = Saved(value: pages.items, savedAt: completedAt ?? .distantPast)
        isRefreshingQuietly = true
        isStale = false
    }

    /// Notes that a refresh passed this view by while it was not on screen.
    mutating func markStale() {
        if case .complete = pages.phase {
            isStale = true
        }
    }

    /// Drops what was loaded, to load it all again from the first page; a saved copy stays shown meanwhile.
    mutating func restart() {
        pages = PagedState()
        if savedCopy == nil {
            regroup([], now: .distantPast)
        }
    }

    private mutating func regroup(_ courses: [Course], now: Date) {
        allGroups = CourseGroups(courses, now: now)
        searchKeys = nil
        kept = nil
        applyFilter(narrowing: false)
    }

    /// What highlighting folds names with: the filter's own folder, which has seen every name.
    var searchFolder: SearchText.Folder {
        searchKeys?.folder ?? SearchText.Folder()
    }

    /// Gets the filter ready to answer at once: what it looks through is made now, not on the first key.
    mutating func prepareFilter() {
        if searchKeys == nil {
            searchKeys = CourseSearchKeys(allGroups.courses)
        }
    }

    /// Shows only the courses every word of `words` is found in (name, code or term); none: all.
    mutating func filter(by words: [String]) {
        guard words != filterWords else { return }
        let narrowing = CourseSearchKeys.narrows(words, filterWords)
        filterWords = words
        applyFilter(narrowing: narrowing)
    }

    private mutating func applyFilter(narrowing: Bool) {
        if filterWords.isEmpty {
            groups = allGroups
            kept = nil
        } else {
            prepareFilter()
            let matches = searchKeys?.matching(filterWords, among: narrowing ? kept : nil) ?? []
            kept = matches
            groups = CourseGroups(allGroups, keeping: matches)
        }
        if selectedID.flatMap(groups.index(of:)) == nil {
            selectedID = groups.courses.first?.id
        }
    }

    /// The selected course's index in `groups.courses`.
    var selection: Int? {
        selectedID.flatMap(groups.index(of:))
    }

    var selectedCourse: Course? {
        selection.map { groups.courses[$0] }
    }

    /// Selects the course at `index`, kept within the list.
    mutating func select(_ index: Int) {
        guard !groups.courses.isEmpty else { return }
        selectedID = groups.courses[max(0, min(index, groups.courses.count - 1))].id
    }

    /// Selects the course with `id`; returns false while it has not arrived.
    mutating func select(_ id: CourseID) -> Bool {
        guard groups.index(of: id) != nil else { return false }
        selectedID = id
        return true
    }

    /// Fits the window to `height` rows, keeping the selected course and its term's heading in view.
    mutating func layout(height: Int) {
        let selectedRow = selection.map { groups.rowOfCourse[$0] }
        list.layout(height: height, count: groups.rows.count, selected: selectedRow ?? 0, context: 1)
    }
}
