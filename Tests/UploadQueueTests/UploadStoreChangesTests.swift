import Foundation
import Testing
import CourseKit
import TestSupport
@testable import UploadQueue

/// What one process does to the queue, another sharing its data directory hears of: a job
/// queued, its record replaced, it removed; and the run loop works a job queued elsewhere
/// without anyone telling it.
struct UploadStoreChangesTests {
    /// Counts what a stream of changes told, read as it comes.
    final class Heard: Sendable {
        let count = Shared(0)
        let reader: Task<Void, Never>

        init(_ changes: AsyncStream<Void>) {
            let count = count
            reader = Task {
                for await _ in changes {
                    count.modify { $0 += 1 }
                }
            }
        }

        /// Does `change`, then waits until the stream told of it.
        func expect(_ what: String, _ change: () throws -> Void) async throws {
            let before = count.value
            try change()
            try await eventually(what) { count.value > before }
        }
    }

    @Test func anotherWritersQueueingChangingAndRemovingAreEachHeard() async throws {
        let folder = try UploadTestFolder()
        // Two stores on one directory, as two processes have: nothing in memory is shared.
        let (listener, writer) = (folder.store(), folder.store())
        let heard = Heard(listener.changes())
        defer { heard.reader.cancel() }
        let source = try folder.write(Data("essay".utf8), to: "essay.txt")
        let before = heard.count.value
        var job = try writer.enqueue(file: source, course: CourseID(1), backend: "offline")
        try await eventually("the job queued, in a queue that did not exist yet") { heard.count.value > before }
        job.state = .uploading
        try await heard.expect("its record replaced") { try writer.update(job) }
        try await heard.expect("it removed") { try writer.remove(job.id) }
    }

    @Test func theRunLoopSendsAJobAnotherProcessQueuedWithNobodyTellingIt() async throws {
        let folder = try UploadTestFolder()
        // A clock whose sleeps really last: only a change on disk can wake the loop during the test.
        let clock = WallClock(now: { Date() }, sleep: { try await Task.sleep(for: $0) })
        let sent = Shared<[String]>([])
        let engine = UploadEngine(store: folder.store(clock: clock), transport: UploadTransport { job, _, _ in sent.modify { $0.append(job.fileName) } },
                                  clock: clock, backend: "offline")
        let loop = Task { await engine.run() }
        defer { loop.cancel() }
        try await eventually("the loop asleep on an empty queue") { await engine.pauses > 0 }
        let source = try folder.write(Data("lab".utf8), to: "lab.txt")
        let job = try folder.store(clock: clock).enqueue(file: source, course: CourseID(1), backend: "offline")
        try await eventually("the job sent") { try folder.store().job(job.id)?.state == .done }
        #expect(sent.value == ["lab.txt"])
    }
}
