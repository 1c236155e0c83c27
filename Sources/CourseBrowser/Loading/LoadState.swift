import CourseKit
import Foundation

/// Where one piece of a pane's data stands.
enum LoadState<Value> {
    case idle
    case loading(since: Date)
    case loaded(Value)
    case failed(LoadFailure)

    var value: Value? {
        if case let .loaded(value) = self { return value }
        return nil
    }

    var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    var failure: LoadFailure? {
        if case let .failed(failure) = self { return failure }
        return nil
    }

    var failureMessage: String? { failure?.message }
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
