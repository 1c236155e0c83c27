import CourseKit
import Foundation

/// Loads one value for a pane and keeps its state: idle, loading, loaded or failed.
///
/// A newer `load` supersedes an older one, so a slow stale answer never overwrites
/// the course the user moved on to.
@MainActor
final class Loader<Value: Sendable> {
    private(set) var state: LoadState<Value> = .idle
    /// What the load in flight is waiting for, such as a throttling pause.
    private(set) var note: LoadProgress.Note?
    private let clock: WallClock
    private var operation: (@Sendable (LoadProgress) async throws -> Value)?
    private var task: Task<Void, Never>?
    private var generation = 0

    /// Called after every state change.
    var onChange: () -> Void = {}
    /// Called with the user-facing message when a load fails.
    var onFailure: (String) -> Void = { _ in }

    init(clock: WallClock) {
        self.clock = clock
    }

    /// Starts loading with `operation`, cancelling any load in flight; it gets the progress to report waits to.
    func load(_ operation: @escaping @Sendable (LoadProgress) async throws -> Value) {
        self.operation = operation
        start()
    }

    /// Runs the last operation again if it failed; returns whether it did.
    @discardableResult
    func retry() -> Bool {
        guard state.failureMessage != nil, operation != nil else { return false }
        start()
        return true
    }

    /// Loads again in the background, keeping the current value on screen until the new one arrives.
    func refresh() {
        // A load or refresh already on its way will bring the news.
        guard task == nil else { return }
        guard case .loaded = state, let operation else {
            start()
            return
        }
        run(operation, generation: generation)
    }

    /// Changes the loaded value in place, as news about it arrives; does nothing before it loads.
    func modify(_ body: (inout Value) -> Void) {
        guard case var .loaded(value) = state else { return }
        body(&value)
        set(.loaded(value))
    }

    /// Stops any load in flight and forgets the value.
    func reset() {
        task?.cancel()
        generation += 1
        operation = nil
        set(.idle)
    }

    private func start() {
        guard let operation else { return }
        task?.cancel()
        generation += 1
        set(.loading(since: clock.now()))
        run(operation, generation: generation)
    }

    private func run(_ operation: @escaping @Sendable (LoadProgress) async throws -> Value, generation current: Int) {
        let progress = LoadProgress.forwarding { [weak self] note in self?.show(note, from: current) }
        task = Task { [weak self] in
            let result = await progress.outcome(of: operation)
            self?.finish(result, generation: current)
        }
    }

    /// Shows a note from the load `generation` while it is still the current one.
    private func show(_ note: LoadProgress.Note?, from generation: Int) {
        guard self.generation == generation, task != nil else { return }
        self.note = note
        onChange()
    }

    private func finish(_ result: Result<Value, any Error>, generation finished: Int) {
        guard finished == generation else { return }
        task = nil
        switch result {
        case let .success(value):
            set(.loaded(value))
        case let .failure(error):
            let failure = LoadFailure(error)
            set(.failed(failure))
            onFailure(failure.message)
        }
    }

    private func set(_ newState: LoadState<Value>) {
        state = newState
        note = nil
        onChange()
    }
}
