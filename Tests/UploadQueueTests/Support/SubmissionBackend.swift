import CourseKit
import Foundation
import Synchronization
import TestSupport
@testable import UploadQueue

/// A backend of assignments in memory, which a test can make lose answers: what the
/// submission protocol is run against.
final class SubmissionBackend: Sendable {
    /// What the next `submit` does.
    enum Outcome: Sendable {
        /// Records the attempt and answers.
        case answer
        /// Records the attempt, then fails as if the answer was lost on the way back.
        case commitThenFail(any Error & Sendable)
        /// Fails without recording anything.
        case failFirst(any Error & Sendable)
    }

    private struct State {
        var attempts: [SubmissionAttempt] = []
        var files: [String: SubmissionAttempt.File] = [:]
        var outcomes: [Outcome] = []
        var uploads = 0
        var submits = 0
        var reads = 0
        var failUploadsAfter: Int?
        /// Whether handed-in files come back renamed, as Canvas renames a name its submissions folder already holds.
        var renames = false

        func renaming(_ name: String) -> String {
            guard renames, let dot = name.lastIndex(of: ".") else { return name }
            return name[..<dot] + "-1" + name[dot...]
        }
    }

    private let state = Mutex(State())

    /// Attempts made before this test, such as one handed in from the web.
    func seed(_ attempt: SubmissionAttempt) {
        state.withLock { $0.attempts.append(attempt) }
    }

    /// What the coming `submit` calls do, in order; after them, they answer.
    func script(_ outcomes: Outcome...) {
        state.withLock { $0.outcomes += outcomes }
    }

    /// Makes handed-in files come back renamed (`essay-1.pdf`), as Canvas does when the name is taken.
    func renameFiles() {
        state.withLock { $0.renames = true }
    }

    /// Fails every file upload after `count` more have succeeded.
    func failUploads(after count: Int?) {
        state.withLock { $0.failUploadsAfter = count }
    }

    var attempts: [SubmissionAttempt] { state.withLock { $0.attempts } }
    var uploads: Int { state.withLock { $0.uploads } }
    var submits: Int { state.withLock { $0.submits } }
    var reads: Int { state.withLock { $0.reads } }

    var transport: SubmissionTransport {
        SubmissionTransport(
            attempts: { _, _ in self.state.withLock { $0.reads += 1; return $0.attempts } },
            uploadFile: { job, index, payload, progress in
                let size = Int64(try Data(contentsOf: payload).count)
                progress(size)
                return try self.state.withLock { state in
                    if let left = state.failUploadsAfter {
                        guard left > 0 else { throw Unreachable() }
                        state.failUploadsAfter = left - 1
                    }
                    state.uploads += 1
                    let id = "f\(state.uploads)"
                    state.files[id] = SubmissionAttempt.File(name: job.files[index].name, size: size)
                    return id
                }
            },
            submit: { _, fileIDs in
                try self.state.withLock { state in
                    state.submits += 1
                    let outcome = state.outcomes.isEmpty ? .answer : state.outcomes.removeFirst()
                    if case let .failFirst(error) = outcome { throw error }
                    let attempt = SubmissionAttempt(
                        attempt: (state.attempts.last?.attempt ?? 0) + 1, submittedAt: Date(timeIntervalSince1970: 2_000_000),
                        files: fileIDs.compactMap { id in state.files[id].map { .init(id: id, name: state.renaming($0.name), size: $0.size) } }
                    )
                    state.attempts.append(attempt)
                    if case let .commitThenFail(error) = outcome { throw error }
                    return attempt
                }
            }
        )
    }
}

/// The network went away: transient.
struct Unreachable: UserFacingError, TransientError {
    var userMessage: String { "Can't reach school.example" }
    var isTransient: Bool { true }
}

/// The backend will never take it, and said so before doing anything: permanent.
struct Refused: UserFacingError, TransientError {
    var userMessage: String { "Canvas refused to take the submission: Invalid file type" }
    var isTransient: Bool { false }
    var changedNothing: Bool { true }
}

/// Throttled: the backend did nothing, try again later.
struct Throttled: UserFacingError, TransientError {
    var userMessage: String { "school.example is rate limiting requests" }
    var isTransient: Bool { true }
    var retryAfter: TimeInterval? { 5 }
    var changedNothing: Bool { true }
}

/// A failure that won't pass by itself but may come after the backend acted, such as an answer too large to read.
struct Unreadable: UserFacingError, TransientError {
    var userMessage: String { "school.example sent an answer too large to read" }
    var isTransient: Bool { false }
}
