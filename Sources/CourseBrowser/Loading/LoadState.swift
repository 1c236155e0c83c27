import CourseKit
import FoundationEssentials

/// Where one piece of a pane's data stands: idle, loading, loaded or failed; and whether what
/// is shown is a saved copy, and why refreshing it failed.
///
/// A value in the pane's state, changed only by the events its `LoadRunner` sends (and the
/// saved copy the pane restores before its first load).
struct LoadState<Value> {
    enum Phase {
        case idle
        case loading(since: Date)
        case loaded(Value)
        case failed(LoadFailure)
    }

    private(set) var phase = Phase.idle
    /// What the load in flight is waiting for, such as a throttling pause.
    private(set) var note: LoadProgress.Note?
    /// When the value shown was saved, while it is a saved copy and not yet the backend's answer.
    private(set) var savedAt: Date?
    /// Why the last refresh failed, while the value it was to replace is still shown.
    private(set) var refreshFailure: LoadFailure?
    /// Whether a load is under way behind the value shown.
    private(set) var isRefreshing = false
    /// Counts every change of the loaded value, so what is laid out from it knows when to lay out again.
    private(set) var version = 0
    /// Counts the loads the backend answered, so the host knows it answers again.
    private(set) var answers = 0

    mutating func apply(_ event: LoadEvent<Value>) {
        switch event {
        case let .started(at, keepingValue):
            note = nil
            refreshFailure = nil
            // A refresh leaves the value on screen until the new one arrives.
            if keepingValue, value != nil {
                isRefreshing = true
                return
            }
            isRefreshing = false
            savedAt = nil
            phase = .loading(since: at)
        case let .restored(value, savedAt):
            phase = .loaded(value)
            version += 1
            self.savedAt = savedAt
        case let .waiting(note):
            self.note = note
        case let .finished(result):
            note = nil
            let refreshed = isRefreshing
            isRefreshing = false
            switch result {
            case let .success(value):
                phase = .loaded(value)
                version += 1
                answers += 1
                savedAt = nil
            case let .failure(error) where refreshed && value != nil:
                // What is shown stays, and says it could not be brought up to date.
                refreshFailure = LoadFailure(error)
            case let .failure(error):
                phase = .failed(LoadFailure(error))
                savedAt = nil
            }
        }
    }

    /// Changes the loaded value in place, as news about it arrives; does nothing before it loads.
    mutating func modify(_ body: (inout Value) -> Void) {
        guard case var .loaded(value) = phase else { return }
        // Let go of the phase's reference first, so a large value is changed in place, not copied.
        phase = .idle
        body(&value)
        phase = .loaded(value)
        version += 1
    }

    var value: Value? {
        if case let .loaded(value) = phase { return value }
        return nil
    }

    var isLoading: Bool {
        if case .loading = phase { return true }
        return false
    }

    var failure: LoadFailure? {
        if case let .failed(failure) = phase { return failure }
        return nil
    }

    var failureMessage: String? { failure?.message }

    /// What `r` would try again: a load that failed, or a refresh that did.
    var retryableFailure: LoadFailure? { failure ?? refreshFailure }

    /// Whether the last load or refresh failed because the backend could not be reached.
    var isCutOff: Bool { retryableFailure?.meansOffline == true }
}

/// What a load reports as it goes: the pane's `update` applies each to its `LoadState`.
enum LoadEvent<Value> {
    /// A load began; a refresh keeps the value already shown.
    case started(at: Date, keepingValue: Bool)
    /// A saved copy, shown until the backend answers.
    case restored(Value, savedAt: Date)
    /// The load waits, and says why (`nil`: it waits no more).
    case waiting(LoadProgress.Note?)
    case finished(Result<Value, any Error>)
}

/// Why a load failed: the line a person reads, and the error behind it for panes that tell errors apart.
struct LoadFailure {
    var message: String
    var error: any Error

    /// Whether the backend could not be reached at all: the network, not the request.
    var meansOffline: Bool {
        (error as? any TransientError)?.meansOffline == true
    }

    init(_ error: any Error) {
        self.error = error
        message = userMessage(for: error)
    }
}
