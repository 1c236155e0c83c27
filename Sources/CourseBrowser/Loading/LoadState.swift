import CourseKit
import Foundation

/// Where one piece of a pane's data stands: idle, loading, loaded or failed.
///
/// A value in the pane's state, changed only by the events its `LoadRunner` sends.
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

    mutating func apply(_ event: LoadEvent<Value>) {
        switch event {
        case let .started(at, keepingValue):
            note = nil
            // A refresh leaves the value on screen until the new one arrives.
            if keepingValue, value != nil { return }
            phase = .loading(since: at)
        case let .waiting(note):
            self.note = note
        case let .finished(result):
            note = nil
            switch result {
            case let .success(value): phase = .loaded(value)
            case let .failure(error): phase = .failed(LoadFailure(error))
            }
        }
    }

    /// Changes the loaded value in place, as news about it arrives; does nothing before it loads.
    mutating func modify(_ body: (inout Value) -> Void) {
        guard case var .loaded(value) = phase else { return }
        body(&value)
        phase = .loaded(value)
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
}

/// What a load reports as it goes: the pane's `update` applies each to its `LoadState`.
enum LoadEvent<Value> {
    /// A load began; a refresh keeps the value already shown.
    case started(at: Date, keepingValue: Bool)
    /// The load waits, and says why (`nil`: it waits no more).
    case waiting(LoadProgress.Note?)
    case finished(Result<Value, any Error>)
}

/// Why a load failed: the line a person reads, and the error behind it for panes that tell errors apart.
struct LoadFailure {
    var message: String
    var error: any Error

    init(_ error: any Error) {
        self.error = error
        message = userMessage(for: error)
    }
}
