import CourseKit
import FoundationEssentials

extension CourseDetailState {
    /// The course as downloads know it: the backend's own form of its ID once the overview gave it.
    var downloadCourse: CourseID? {
        overview.course?.id ?? courseID
    }

    /// The course's folder under the download directory: its code, else its name, else its ID.
    var downloadFolderName: String? {
        guard let course = downloadCourse else { return nil }
        return overview.course?.label ?? course.rawValue
    }

    /// Selects the file with `id` in the Files section and scrolls to it, as Enter on a module's
    /// file does; says so when the Files list does not have it.
    mutating func showFile(_ id: String) {
        guard let listing = files.load.value else {
            notice = Notice(text: "The course's Files are not loaded yet", isNote: true)
            return
        }
        guard listing.files.contains(where: { $0.id == id }) else {
            notice = Notice(text: "That file is not in the course's Files list", isNote: true)
            return
        }
        wantedItem = DetailItem.id(ofFile: id)
    }

    /// Follows a download job of this course; nil when the change is not about a download, so
    /// the hand-in flow hears of it.
    mutating func downloadChanged(_ change: UploadChange) -> [Effect]? {
        let course = (downloadCourse, courseID)
        return files.downloadChanged(change) { $0.courseID == course.0 || $0.courseID == course.1 }
    }

    /// Queues the selected file, or every file in the selected folder and below it.
    mutating func downloadSelected() -> [Effect] {
        if let (file, folderPath) = selectedAttachment, let course = downloadCourse, let folderName = downloadFolderName {
            // Beside the course's own files, under what they were posted with.
            let entry = DownloadBatch.Entry(file: file, folderPath: folderPath)
            return [.enqueueDownloads(DownloadBatch(course: course, courseFolder: folderName, entries: [entry]))]
        }
        guard let course = downloadCourse, let folderName = downloadFolderName, let listing = files.load.value else { return [] }
        let chosen: [CourseFile]
        if let file = selectedFile {
            chosen = [file]
        } else if let folder = selectedFolder {
            chosen = FileTree(listing).files(below: folder.id)
            guard !chosen.isEmpty else {
                notice = Notice(text: "\(folder.name) has no files to download", isNote: true)
                return []
            }
        } else {
            return []
        }
        let entries = chosen.map { DownloadBatch.Entry(file: $0, folderPath: listing.folderPath(of: $0)) }
        return [.enqueueDownloads(DownloadBatch(course: course, courseFolder: folderName, entries: entries))]
    }

    /// Says what became of a batch, and shows its queued jobs at once.
    mutating func receiveQueued(_ result: Result<DownloadBatch.Outcome, any Error>, batch: DownloadBatch) {
        switch result {
        case let .failure(error):
            notice = Notice(text: "Couldn't queue the download: \(userMessage(for: error))", isProblem: true)
        case let .success(outcome):
            outcome.queued.forEach { files.downloads.note($0) }
            notice = DownloadNotice.notice(for: outcome, of: batch, glyphs: size.glyphs)
        }
    }

    /// What to say once the browser was asked to open `name`'s downloaded copy.
    func notice(opening name: String, at path: LocalPath, outcome: WebBrowser.Outcome) -> Notice {
        let place = HomeRelativePath.text(path.path, home: home)
        switch outcome {
        case .opened:
            return Notice(text: "Opened the downloaded copy of \(name): \(place)")
        case .noDisplay:
            return Notice(text: "Nothing here can open \(name) (no display); the downloaded copy is \(place)", isNote: true)
        case let .failed(reason):
            return Notice(text: "Couldn't open \(name): \(reason); the downloaded copy is \(place)", isProblem: true)
        }
    }
}
