import CourseKit

/// What the reader did with a course's announcements in the Course pane: which are open
/// whole, which were marked read here, and why telling the backend so failed.
struct AnnouncementReading {
    /// The announcements opened whole with Enter, by ID; the rest show their first lines.
    var opened: Set<String> = []
    /// The announcements marked read here, by ID: a list that arrives later, read before the
    /// mark reached the backend, still shows them read.
    var marked: Set<String> = []
    /// Why telling the backend one was read failed, by ID, until `r` tells it again.
    var failures: [String: LoadFailure] = [:]
}
