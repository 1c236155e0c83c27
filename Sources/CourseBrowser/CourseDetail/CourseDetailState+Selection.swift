import CourseKit
import FoundationEssentials

/// The pane owns the one selection across its sections; each section tells what an item of
/// its own stands for.
extension CourseDetailState {
    /// The selected announcement, while one is selected and on the page.
    var selectedAnnouncement: Announcement? {
        announcements.announcement(item: selectedItem)
    }

    /// The assignment selected under Grades, if one is.
    var selectedGradedWork: GradedWork? {
        grades.work(item: selectedItem)
    }

    /// The selected file, while one is selected and on the page.
    var selectedFile: CourseFile? {
        files.file(item: selectedItem)
    }

    /// The selected file attached to a comment or an announcement, with the folders it goes in
    /// under the course's: `Feedback/<assignment>`, `Announcements/<title>`.
    var selectedAttachment: (file: CourseFile, folderPath: [String])? {
        guard let selectedItem else { return nil }
        let isSelected = { (file: CourseFile) in DetailItem.id(ofAttachment: file.id) == selectedItem }
        for assignment in assignments.load.value ?? [] {
            for comment in assignment.submission?.comments ?? [] {
                if let file = comment.attachments.first(where: isSelected) { return (file, ["Feedback", assignment.name]) }
            }
        }
        for shown in announcements.load.value ?? [] {
            if let file = shown.announcement.attachments?.first(where: isSelected) { return (file, ["Announcements", shown.announcement.title]) }
        }
        return nil
    }

    /// The selected folder, while one is selected and on the page.
    var selectedFolder: CourseFolder? {
        files.folder(item: selectedItem)
    }

    /// The selected discussion, or the one of the reply selected, while it is on the page.
    var selectedTopic: DiscussionTopic? {
        discussions.topic(item: selectedItem)
    }

    /// The reply selected in an open discussion: its discussion, the reply, and the top post of
    /// its thread.
    var selectedEntry: (topic: DiscussionTopic, entry: DiscussionEntry, thread: String)? {
        discussions.entry(item: selectedItem)
    }
}
