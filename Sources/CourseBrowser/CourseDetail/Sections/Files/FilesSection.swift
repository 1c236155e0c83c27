import CourseKit
import FoundationEssentials

/// The course's files and folders, with which have a current downloaded copy and how their
/// downloads stand.
struct FilesSection: FetchedSection {
    static let kind = CourseSectionKind.files
    static let label = "files"
    private(set) var load = LoadState<CourseFiles>()
    /// Which files have a current downloaded copy, and how their downloads stand.
    var downloads = FileDownloads()

    /// Applies a load; once there are files, asks which are downloaded and current.
    mutating func update(_ event: LoadEvent<CourseFiles>) -> [CourseDetailState.Effect] {
        load.apply(event)
        switch event {
        case .restored, .finished(.success): return load.value.map { [.checkDownloads($0.files)] } ?? []
        case .started, .waiting, .finished(.failure): return []
        }
    }

    static func source(_ environment: EnvironmentValues) -> SectionSource<CourseFiles> {
        let client = environment.fileClient
        return SectionSource(saved: environment.savedCopies.files) { try await client.files($0, $1) }
    }

    /// The file the item `id` stands for, while it is listed.
    func file(item id: String?) -> CourseFile? {
        guard let id else { return nil }
        return load.value?.files.first { DetailItem.id(ofFile: $0.id) == id }
    }

    /// The folder the item `id` stands for, while it is listed.
    func folder(item id: String?) -> CourseFolder? {
        guard let id else { return nil }
        return load.value?.folders.first { DetailItem.id(ofFolder: $0.id) == id }
    }

    /// Notes the queue's answer about the course's downloads.
    mutating func receiveDownloads(localCopies: [String: LocalPath], jobs: [UploadJob]) {
        downloads.localCopies = localCopies
        downloads.replaceJobs(jobs)
    }

    /// Follows a download job; `ofThisCourse` tells whether a job is the course's. Nil when the
    /// change is not about a download, so the hand-in flow hears of it.
    mutating func downloadChanged(_ change: UploadChange, ofThisCourse: (UploadJob) -> Bool) -> [CourseDetailState.Effect]? {
        switch change {
        case let .removed(id):
            downloads.forget(job: id)
            return nil
        case let .updated(job):
            guard job.isDownload else { return nil }
            guard ofThisCourse(job) else { return [] }
            downloads.note(job)
            // A finished download may have put a current copy where there was none, or a renamed one.
            guard case .done = job.state, let list = load.value?.files else { return [] }
            return [.checkDownloads(list)]
        }
    }

    /// Last: a course may hold hundreds of files, which would push the syllabus and modules out of
    /// reach. A course that could not be read at all has no Files to speak of: its own row says why.
    func lines(in context: SectionContext) -> SectionLines {
        guard context.shows(load), load.failureMessage == nil || context.overviewFailure == nil else { return SectionLines() }
        let page = Self.filesPage(of: context.course)
        return SectionLines(
            Self.heading("Files", count: load.value?.files.count, landmark: "files")
                + rows(width: context.width, glyphs: context.glyphs) { files in
                    FilesLayout.lines(for: files, downloads: downloads, filesPage: page, width: context.width, now: context.now, glyphs: context.glyphs)
                }
        )
    }

    /// The course's Files page, which a file without a page of its own, and every folder, opens.
    static func filesPage(of course: Course?) -> URL? {
        course?.htmlURL?.appendingPathComponent("files")
    }
}

extension FilesSection {
    static let bindings: [Binding<CourseDetailState.Action>] = [
        Binding([[.character("u")]], does: "upload files to the course's Files (spaces separate them, Tab completes, Esc cancels)", hint: "upload", action: .upload),
        Binding([[.character("d")]], does: "download the selected file, or every file in the selected folder", hint: "download", action: .download),
    ]

    func availability(of action: CourseDetailState.Action, in pane: CourseDetailState) -> Availability? {
        switch action {
        case .upload:
            guard pane.courseID != nil else { return .disabled("No course is open") }
            let refusal = pane.capabilities.courseFileUploadRefusal
                ?? pane.overview.course?.courseFilesRefusal.map { $0 + "; hand files in to an assignment with s" }
            return Availability(unless: refusal)
        case .download:
            let none = pane.selectedFile == nil && pane.selectedFolder == nil && pane.selectedAttachment == nil
            return Availability(unless: none ? "Select a file or folder with j/k or n/p first" : nil)
        default:
            return nil
        }
    }
}

extension CourseSectionKind {
    static let files = CourseSectionKind("files")
}
