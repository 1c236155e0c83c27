import CourseKit
import TerminalUI

extension UploadsState {
    /// What the Queue pane's keys do.
    enum Action: Equatable {
        case move, retry, retryAll, remove
    }

    /// The Queue pane's keys, in the order of their importance on the hint line.
    static let bindings: [Binding<Action>] = [
        .step(does: "move in the queue", hint: "move", action: .move),
        .page(does: "move a page of the queue", action: .move),
        .ends(does: "the first, last job", action: .move),
        Binding([[.character("r")]], does: "retry the selected job, or reading the queue when that failed", hint: "retry", action: .retry),
        Binding([[.character("R")]], does: "retry every failed job", hint: "retry all", action: .retryAll),
        Binding([[.character("d")], [.delete]], does: "remove the selected job (asks first if not done)", hint: "remove", action: .remove),
    ]

    /// The answers to "remove this upload?"; any other key keeps it too.
    static let confirmBindings: [Binding<Bool>] = [
        Binding([[.character("y")]], does: "remove it", hint: "remove", action: true),
        Binding([[.character("n")], [.escape]], does: "keep it", hint: "keep", action: false),
    ]

    /// Whether `action` can act now, and if not, why.
    func availability(of action: Action) -> Availability {
        switch action {
        case .move:
            return .enabled
        case .retry:
            let retryable = queue.retryableFailure != nil || selectedJob?.state.isRetryable == true
            return Availability(unless: retryable ? nil : "The selected upload has nothing to retry")
        case .retryAll:
            return Availability(unless: jobs.contains(where: \.state.isFailed) ? nil : "No upload failed")
        case .remove:
            guard let job = selectedJob else { return .disabled("No job is selected") }
            // A job under way is the queue's until it ends.
            return Availability(unless: job.state.isRemovable ? nil : "\(job.fileName) is under way; it can be removed once it is done or fails")
        }
    }

    /// The keys in force now: the answers while a removal is asked, else the pane's.
    var keys: [KeyItem] {
        confirmingRemoval != nil ? Self.confirmBindings.items { _ in .enabled } : helpKeys
    }

    func claims(_ key: Key) -> Bool {
        confirmingRemoval != nil || binds(key)
    }
}
