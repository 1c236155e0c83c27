import CourseKit

/// An announcement of a catalog course that was read in this process.
struct MarkedAnnouncement: Hashable {
    var course: CourseID
    var id: String
}
