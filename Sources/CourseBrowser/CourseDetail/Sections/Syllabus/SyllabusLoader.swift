import CourseKit
import HTMLText

/// Loads the open course's syllabus: only a saved copy's first screenful is converted at once,
/// and the rest of a copy or an answer follows in pieces converted off the main actor; a long
/// syllabus is wrapped off the main actor too, at each new width.
@MainActor
final class SyllabusLoader {
    private let runner: LoadRunner<SyllabusStart>
    private let client: CourseClient
    private let saved: SavedCopyClient
    private let send: (CourseDetailState.Event) -> Void
    /// Converts the rest of the syllabus shown, a piece at a time.
    private var rest: Task<Void, Never>?
    /// Wraps a long syllabus at a new width.
    private var wrap: Task<Void, Never>?

    init(environment: EnvironmentValues, clock: WallClock, send: @escaping (CourseDetailState.Event) -> Void) {
        runner = LoadRunner(clock: clock)
        client = environment.courseClient
        saved = environment.savedCopies
        self.send = send
        runner.send = { [weak self] in self?.receive($0) }
    }

    isolated deinit {
        rest?.cancel()
        wrap?.cancel()
    }

    /// The loader the pane starts, refreshes and retries as it does every section's.
    var sectionLoader: SectionLoader {
        SectionLoader(
            start: { [weak self] in self?.start($0) },
            refresh: { [weak self] in
                if let started = self?.runner.refresh() { self?.receive(started) }
            },
            again: { [weak self] keepingValue in
                guard let self else { return }
                receive(runner.again(keepingValue: keepingValue))
            }
        )
    }

    private func start(_ id: CourseID) {
        dropWrap()
        let copy = saved.syllabus(id)
        if let copy {
            receive(.restored(SyllabusStart(copy.value), savedAt: copy.savedAt))
        }
        let client = client
        receive(runner.load(keepingValue: copy != nil) { progress in
            let html = try await client.syllabus(id, progress)
            return await SyllabusStart.converting(html)
        })
    }

    /// Wraps `blocks` for `key` on another thread, dropping a wrap for an earlier width still under way.
    func wrap(_ blocks: SyllabusBlocks, key: SyllabusLines.Key) {
        wrap?.cancel()
        wrap = Task { [weak self] in
            let rows = await SyllabusRows.wrapping(blocks, width: key.width, glyphs: key.glyphs)
            guard !Task.isCancelled, let rows, let self else { return }
            send(.syllabusWrapped(rows, key))
        }
    }

    /// Stops the wrap under way: its lines are no longer wanted.
    func dropWrap() {
        wrap?.cancel()
        wrap = nil
    }

    /// Passes a load's event on as the pane's, and starts converting the rest of a new value.
    private func receive(_ event: LoadEvent<SyllabusStart>) {
        switch event {
        case let .started(at, keepingValue):
            if !keepingValue { convertRest(nil) }
            send(.loaded(\.syllabus, .started(at: at, keepingValue: keepingValue)))
        case let .restored(start, savedAt):
            send(.loaded(\.syllabus, .restored(SyllabusBlocks(start.blocks), savedAt: savedAt)))
            convertRest(start.rest)
        case let .waiting(note):
            send(.loaded(\.syllabus, .waiting(note)))
        case let .finished(.success(start)):
            send(.loaded(\.syllabus, .finished(.success(SyllabusBlocks(start.blocks)))))
            convertRest(start.rest)
        case let .finished(.failure(error)):
            send(.loaded(\.syllabus, .finished(.failure(error))))
        }
    }

    /// Converts what `converter` has still to read a piece at a time, adding each piece to the
    /// syllabus shown; stops converting the previous value's rest first.
    private func convertRest(_ converter: HTMLText.Converter?) {
        rest?.cancel()
        rest = nil
        guard let converter else { return }
        send(.syllabusPart([], more: true, read: Self.share(of: converter)))
        rest = Task { [weak self] in
            var converter = converter
            while !converter.isFinished {
                let (next, blocks) = await SyllabusStart.piece(of: converter)
                converter = next
                // Cancelled on the main actor, as the new value arrived: its pieces must not follow it.
                guard !Task.isCancelled, let self else { return }
                send(.syllabusPart(blocks, more: !converter.isFinished, read: Self.share(of: converter)))
            }
        }
    }

    /// How much of its HTML `converter` has read, 0 to 1.
    private nonisolated static func share(of converter: HTMLText.Converter) -> Double {
        converter.byteCount > 0 ? Double(converter.bytesRead) / Double(converter.byteCount) : 1
    }
}
