import Foundation

/// Where one piece of a pane's data stands.
enum LoadState<Value> {
    case idle
    case loading(since: Date)
    case loaded(Value)
    case failed(message: String)

    var value: Value? {
        if case let .loaded(value) = self { return value }
        return nil
    }

    var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    var failureMessage: String? {
        if case let .failed(message) = self { return message }
        return nil
    }
}
