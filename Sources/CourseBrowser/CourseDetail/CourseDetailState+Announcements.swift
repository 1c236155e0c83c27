import CourseKit
import FoundationEssentials

extension CourseDetailState {
    /// The selected announcement, while one is selected and on the page.
    var selectedAnnouncement: Announcement? {
        guard let selectedItem else { return nil }
        return announcements.value?.lazy.map(\.announcement).first { DetailItem.id(ofAnnouncement: $0.id) == selectedItem }
    }

    /// Opens the selected announcement whole, or folds it again; opening an unread one marks it
    /// read at once and asks the backend to record that.
    mutating func readSelectedAnnouncement() -> [Effect] {
        guard let announcement = selectedAnnouncement else { return [] }
        if reading.opened.remove(announcement.id) != nil {
            return []
        }
        reading.opened.insert(announcement.id)
        guard !announcement.isRead, !reading.marked.contains(announcement.id) else { return [] }
        reading.marked.insert(announcement.id)
        showMarkedRead()
        return [.markRead(announcement.id)]
    }

    /// Applies a load of the announcements, keeping those marked here read whatever the list says.
    mutating func receiveAnnouncements(_ event: LoadEvent<[ShownAnnouncement]>) {
        announcements.apply(event)
        showMarkedRead()
    }

    /// Notes how marking `id` read ended; an answer about a course no longer shown is dropped.
    mutating func receiveMarkedRead(_ id: String, course: CourseID, failure: (any Error)?) {
        guard course == courseID else { return }
        reading.failures[id] = failure.map(LoadFailure.init)
    }

    /// Marking read again, for each announcement whose mark the backend did not take.
    mutating func retryMarkingRead() -> [Effect] {
        let failed = reading.failures.keys.sorted()
        reading.failures = [:]
        return failed.map(Effect.markRead)
    }

    /// Shows every announcement marked here as read.
    private mutating func showMarkedRead() {
        let marked = reading.marked
        guard !marked.isEmpty, announcements.value?.contains(where: { marked.contains($0.announcement.id) && !$0.announcement.isRead }) == true
        else { return }
        announcements.modify { list in
            for index in list.indices where marked.contains(list[index].announcement.id) {
                list[index].announcement.isRead = true
            }
        }
    }
}
