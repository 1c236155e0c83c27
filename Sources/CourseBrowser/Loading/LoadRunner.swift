import CourseKit
import FoundationEssentials

/// Runs a pane's loads, one at a time: the pane applies the `.started` event each call
/// returns, and the runner sends the rest (`.waiting`, `.finished`) to the pane's `update` as
/// they happen. A listing read page by page runs each page's fetch through one of these.
///
/// A newer run supersedes an older one: the older one is cancelled and whatever it still
/// says is dropped, so a slow stale answer never overwrites the course the user moved on to.
@MainActor
final class LoadRunner<Value: Sendable> {
    private let clock: WallClock
    private var operation: (@Sendable (LoadProgress) async throws -> Value)?
    private var task: Task<Void, Never>?
    private var generation = 0
    /// Where later events go: the pane's `update`.
    var send: (LoadEvent<Value>) -> Void = { _ in }

    init(clock: WallClock) {
        self.clock = clock
    }

    /// Starts `operation`, cancelling any load in flight; it gets the progress to report its waits to.
    /// With `keepingValue`, what is shown (a saved copy) stays until the answer arrives. A load
    /// no key asked for says so with `urgency`, so its requests wait while Canvas's budget is low.
    func load(
        keepingValue: Bool = false, urgency: RequestUrgency = .interactive,
        _ operation: @escaping @Sendable (LoadProgress) async throws -> Value
    ) -> LoadEvent<Value> {
        self.operation = operation
        return start(keepingValue: keepingValue, urgency: urgency)
    }

    /// Runs the last operation again, as after a failure; with `keepingValue`, behind what is shown.
    func again(keepingValue: Bool = false) -> LoadEvent<Value> {
        start(keepingValue: keepingValue)
    }

    /// Runs the last operation again in the background, unless one is already on its way (then nil);
    /// its requests are background work, which waits while Canvas's rate budget is low.
    func refresh() -> LoadEvent<Value>? {
        guard task == nil, operation != nil else { return nil }
        return start(keepingValue: true, urgency: .background)
    }

    private func start(keepingValue: Bool, urgency: RequestUrgency = .interactive) -> LoadEvent<Value> {
        task?.cancel()
        generation += 1
        let started = LoadEvent<Value>.started(at: clock.now(), keepingValue: keepingValue)
        guard let operation else { return started }
        let current = generation
        var progress = LoadProgress.forwarding { [weak self] note in self?.deliver(.waiting(note), from: current) }
        progress.urgency = urgency
        task = Task { [weak self] in
            let result = await progress.outcome(of: operation)
            self?.deliver(.finished(result), from: current)
        }
        return started
    }

    /// Passes on an event of the run `generation` while it is still the current one.
    private func deliver(_ event: LoadEvent<Value>, from generation: Int) {
        // A note can arrive after the answer it came before; by then it no longer applies.
        guard generation == self.generation, task != nil else { return }
        if case .finished = event {
            task = nil
        }
        send(event)
    }
}
