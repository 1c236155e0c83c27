import CourseKit
import FoundationEssentials
import TerminalUI

/// Everything the Uploads pane shows: the queue's jobs, the selected one, a pending
/// removal or notice, and the window of rows on screen.
///
/// Changed only by its `update`; drawing reads it.
struct UploadsState {
    var queue = LoadState<[UploadJob]>() {
        didSet {
            hasJobUnderWay = jobs.contains { $0.state.isUnderWay }
            hasJobSending = jobs.contains { $0.state.isSending }
            // What was sent of jobs no longer being sent is of no more use, and is not asked again.
            if !hasJobSending { progress = [:] }
            nameCoursesOfJobs()
        }
    }
    /// Whether a job is being sent or waits to try again, so the pane animates: asked on every
    /// frame, so worked out on each change.
    private(set) var hasJobUnderWay = false
    /// Whether a job is being sent now, so how far it got is worth asking; a job waiting to
    /// try again has no progress to ask about.
    private(set) var hasJobSending = false
    /// Whether the queue changed on disk while it was being read, so it is read again after.
    var changedWhileReading = false
    /// The job waiting for `y` to be removed.
    var confirmingRemoval: String?
    /// The outcome of the last action, such as a removal that failed, or why a key did nothing.
    var notice: Notice?
    /// How far each job being sent has got, as the queue last said.
    var progress: [String: UploadProgress] = [:]
    /// Why the queue can't be written now (a read-only disk), so nothing is queued or sent.
    var writeProblem: String?
    /// The home folder, which finished downloads' paths are shown under as `~`.
    var home = ""
    /// Whether `u` adds files to a course here, for what the empty queue suggests.
    var addsCourseFiles = true
    /// The courses the course list loaded, as it gave them: shared with it, not copied.
    var knownCourses: [Course] = []
    /// What the course of each job is called in a row, by its ID, learned from `knownCourses`
    /// as jobs need it.
    var courseNames: [CourseID: String] = [:]
    /// The courses of jobs looked for in `knownCourses` since it last changed, found or not.
    var coursesLookedFor: Set<CourseID> = []
    /// The selected job; kept on the same job as others come and go.
    private var selectedID: String?
    private(set) var size = PaneSize.zero
    private(set) var list = ListView()

    var jobs: [UploadJob] { queue.value ?? [] }

    var selection: Int? {
        let jobs = jobs
        return selectedID.flatMap { id in jobs.firstIndex { $0.id == id } }
    }

    var selectedJob: UploadJob? {
        selection.map { jobs[$0] }
    }

    mutating func select(_ index: Int) {
        let jobs = jobs
        guard !jobs.isEmpty else { return }
        selectedID = jobs[max(0, min(index, jobs.count - 1))].id
    }

    mutating func resize(_ size: PaneSize) {
        self.size = size
    }

    /// Applies a change this process made, in memory, without reading the disk.
    mutating func apply(_ change: UploadChange) {
        let index = selection
        queue.modify { jobs in
            switch change {
            case let .updated(job):
                if let index = jobs.firstIndex(where: { $0.id == job.id }) {
                    jobs[index] = job
                } else {
                    jobs.append(job)
                    jobs.sort { ($0.queuedAt, $0.id) < ($1.queuedAt, $1.id) }
                }
            case let .removed(id):
                jobs.removeAll { $0.id == id }
            }
        }
        if selection == nil, let index {
            select(index)
        }
    }

    /// Keeps a job selected and fits the window to the room the rows under it leave.
    mutating func settle() {
        if selection == nil {
            select(0)
        }
        let height = max(0, size.height - trailingLines(width: textWidth, glyphs: size.glyphs, now: .distantPast).count)
        list.layout(height: height, count: jobs.count, selected: selection)
    }

    /// Columns for rows: the pane keeps one blank column each side.
    var textWidth: Int { max(1, size.width - 2) }

    /// The pane's name: it holds every write and download on its way, not only uploads.
    static let name = "Queue"

    /// Whether the queue was read, holds nothing and has nothing to say but that: one row shows it all.
    var isQuietlyEmpty: Bool {
        queue.value?.isEmpty == true && queue.refreshFailure == nil && writeProblem == nil && notice == nil
    }

    var title: String {
        let jobs = jobs
        let failed = jobs.filter { $0.state.isFailed || $0.state.isDamaged }.count
        guard !jobs.isEmpty else { return Self.name }
        return failed > 0 ? "\(Self.name) · \(jobs.count) · \(failed) failed" : "\(Self.name) · \(jobs.count)"
    }

    var footer: String? {
        selection.flatMap { list.position(of: $0, count: jobs.count) }
    }
}
