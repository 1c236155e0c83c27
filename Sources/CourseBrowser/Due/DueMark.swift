import CourseKit
import FoundationEssentials

/// A done mark set from the Due pane, shown on its row at once and until the planner says the same.
struct DueMark: Equatable {
    enum Stage: Equatable {
        /// In the queue, not yet confirmed by the backend (offline, it waits there).
        case sending
        /// The backend has it; the row keeps it until the planner is read again.
        case sent
        /// The queue gave up on it, for the reason given; the row shows the item as it was.
        case failed(String)
    }

    var isDone: Bool
    /// The queue's job, once it is queued.
    var jobID: String?
    var stage = Stage.sending

    var hasFailed: Bool { stage.hasFailed }

    /// What the row says beside its state while the mark is on its way, or why it stopped.
    var rowNote: String? {
        stage.rowNote(failed: "mark not sent")
    }
}

extension DueMark.Stage {
    /// Where a change sent through the queue stands, as its job does.
    init(_ state: UploadJob.State) {
        switch state {
        case .done: self = .sent
        case let .failed(reason), let .damaged(reason): self = .failed(reason)
        case .queued, .uploading, .waiting: self = .sending
        }
    }

    var hasFailed: Bool {
        if case .failed = self { return true }
        return false
    }

    /// What a row says of a change at this stage: `sending`, nothing once sent, else `failed`.
    func rowNote(failed: String) -> String? {
        switch self {
        case .sending: "sending"
        case .sent: nil
        case .failed: failed
        }
    }
}

extension UploadChange {
    /// The job the change is about.
    var jobID: String {
        switch self {
        case let .updated(job): job.id
        case let .removed(id): id
        }
    }
}
