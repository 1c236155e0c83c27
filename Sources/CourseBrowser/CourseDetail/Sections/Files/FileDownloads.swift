import CourseKit
import FoundationEssentials

/// What the Course pane knows of the course's files on this computer: which have a current
/// downloaded copy, and which have a download job in the queue and how far it got.
struct FileDownloads {
    /// Where each file's downloaded copy is, by file ID, for those whose copy is still what the backend has.
    var localCopies: [String: LocalPath] = [:]
    /// The course's download jobs the pane has heard of, by file ID: the latest of each file's.
    private(set) var jobs: [String: UploadJob] = [:]
    /// How far each job being downloaded has got, by job ID, as the queue last said.
    var progress: [String: UploadProgress] = [:]

    /// What a file's row says of it, apart from its name, size and date.
    enum Mark: Equatable {
        case none
        /// Its downloaded copy is current.
        case current
        /// A job for it waits in the queue.
        case queued
        /// Its job is downloading; the fraction received when the size is known.
        case downloading(Double?)
        /// Its job waits to try again.
        case waiting
        /// Its job failed.
        case failed
    }

    /// Notes a job of the queue; one that is not a download is left out.
    mutating func note(_ job: UploadJob) {
        guard let fileID = job.download?.fileID else { return }
        jobs[fileID] = job
    }

    /// Forgets the job with `id`, which left the queue.
    mutating func forget(job id: String) {
        jobs = jobs.filter { $0.value.id != id }
    }

    /// Starts over from the queue's whole list of the course's download jobs.
    mutating func replaceJobs(_ list: [UploadJob]) {
        jobs = [:]
        list.sorted { ($0.queuedAt, $0.id) < ($1.queuedAt, $1.id) }.forEach { note($0) }
    }

    /// Whether a job is downloading now, so how far it got is worth asking.
    var isDownloading: Bool {
        jobs.values.contains { $0.state.isSending }
    }

    /// What `file`'s row says: its job's state while it has one not yet done, else whether its copy is current.
    func mark(of file: CourseFile) -> Mark {
        if let job = jobs[file.id] {
            switch job.state {
            case .queued: return .queued
            case .uploading:
                guard let received = progress[job.id]?.sentBytes, let size = job.download?.size ?? file.size, size > 0 else {
                    return .downloading(nil)
                }
                return .downloading(min(1, Double(received) / Double(size)))
            case .waiting: return .waiting
            case .failed, .damaged: return .failed
            case .done: break
            }
        }
        return localCopies[file.id] == nil ? .none : .current
    }
}
