import CourseKit
import FoundationEssentials

/// The course's recent and unread announcements: Enter opens one whole and marks it read.
struct AnnouncementsSection: FetchedSection {
    static let kind = CourseSectionKind.announcements
    static let label = "announcements"
    private(set) var load = LoadState<[ShownAnnouncement]>()
    /// Which announcements are open, and which were marked read here.
    var reading = AnnouncementReading()

    /// Applies a load, keeping those marked here read whatever the list says.
    mutating func update(_ event: LoadEvent<[ShownAnnouncement]>) -> [CourseDetailState.Effect] {
        load.apply(event)
        showMarkedRead()
        return []
    }

    static func source(_ environment: EnvironmentValues) -> SectionSource<[ShownAnnouncement]> {
        let client = environment.announcements
        let saved = environment.savedCopies.announcements
        return SectionSource(saved: { saved($0).map { Saved(value: ShownAnnouncement.list($0.value), savedAt: $0.savedAt) } }) {
            ShownAnnouncement.list(try await client.announcements($0, $1))
        }
    }

    /// The announcement the item `id` stands for, while it is on the page.
    func announcement(item id: String?) -> Announcement? {
        guard let id else { return nil }
        return load.value?.lazy.map(\.announcement).first { DetailItem.id(ofAnnouncement: $0.id) == id }
    }

    /// Opens `announcement` whole, or folds it again; opening an unread one marks it read at once
    /// and asks the backend to record that.
    mutating func read(_ announcement: Announcement) -> [CourseDetailState.Effect] {
        if reading.opened.remove(announcement.id) != nil {
            return []
        }
        reading.opened.insert(announcement.id)
        guard !announcement.isRead, !reading.marked.contains(announcement.id) else { return [] }
        reading.marked.insert(announcement.id)
        showMarkedRead()
        return [.markRead(announcement.id)]
    }

    /// Notes how marking `id` read ended.
    mutating func markedRead(_ id: String, failure: (any Error)?) {
        reading.failures[id] = failure.map(LoadFailure.init)
    }

    /// Marking read again, for each announcement whose mark the backend did not take.
    mutating func retryMarkingRead() -> [CourseDetailState.Effect] {
        let failed = reading.failures.keys.sorted()
        reading.failures = [:]
        return failed.map(CourseDetailState.Effect.markRead)
    }

    /// A course with nothing recent or unread to announce has no section: most have none, and
    /// an empty one would only push the syllabus and modules down.
    func lines(in context: SectionContext) -> SectionLines {
        guard context.shows(load), load.value?.isEmpty != true else { return SectionLines() }
        return SectionLines(
            Self.heading("Announcements", count: load.value?.count, landmark: "announcements")
                + rows(width: context.width, glyphs: context.glyphs) { announcements in
                    AnnouncementLayout.lines(for: announcements, reading: reading, width: context.width, now: context.now, glyphs: context.glyphs)
                }
        )
    }

    /// Shows every announcement marked here as read.
    private mutating func showMarkedRead() {
        let marked = reading.marked
        guard !marked.isEmpty, load.value?.contains(where: { marked.contains($0.announcement.id) && !$0.announcement.isRead }) == true
        else { return }
        load.modify { list in
            for index in list.indices where marked.contains(list[index].announcement.id) {
                list[index].announcement.isRead = true
            }
        }
    }
}

extension AnnouncementsSection {
    func availability(of action: CourseDetailState.Action, in pane: CourseDetailState) -> Availability? {
        action == .read && announcement(item: pane.selectedItem) != nil ? .enabled : nil
    }

    mutating func read(item id: String) -> SectionReply? {
        announcement(item: id).map { SectionReply(effects: read($0)) }
    }
}

extension CourseSectionKind {
    static let announcements = CourseSectionKind("announcements")
}
