import Foundation
import Testing
import CourseKit
import TestSupport
@testable import UploadQueue

/// What one process does to the queue, another sharing its data directory hears of: a job
/// queued, its record replaced, it removed.
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
}
