import Foundation
import Testing
import CourseKit
@testable import FileSystem
import TestSupport
@testable import UploadQueue

/// Kills a process with SIGKILL at random instants while it queues, updates, claims and
/// removes jobs, and checks after every kill that the queue kept every promise it made.
@Suite(.serialized)
struct UploadStoreCrashTests {
    static let iterations = 100
    static let seed: UInt64 = ProcessInfo.processInfo.environment["QUEUE_STRESS_SEED"].flatMap { UInt64($0) } ?? 0x5EED_C0DE

    /// What the killed children said, accumulated over the run.
    struct Promises {
        var queued: [String: Int] = [:]
        var removing: Set<String> = []
        var removed: Set<String> = []
        var attempts: [String: Int] = [:]

        mutating func read(_ lines: [String], iteration: Int) {
            for line in lines {
                let words = line.split(separator: " ").map(String.init)
                switch (words.first, words.count) {
                case ("queued", 2): queued[words[1]] = iteration
                case ("removing", 2): removing.insert(words[1])
                case ("removed", 2): removed.insert(words[1])
                case ("updated", 3): attempts[words[1]] = Int(words[2])
                default: break
                }
            }
        }
    }

    @Test(.timeLimit(.minutes(4)))
    func killingTheWriterAtAnyInstantNeverLosesDuplicatesOrCorruptsAJob() async throws {
        let folder = try UploadTestFolder()
        let store = folder.store(clock: .live)
        var random = SeededGenerator(seed: Self.seed)
        var promises = Promises()
        var verified: Set<String> = []
        var leftovers = 0
        var unannounced: Set<String> = []
        let started = Date()

        for iteration in 0..<Self.iterations {
            let mode = iteration % 4 == 3 ? "enqueue" : "churn"
            // Up to 80 ms: time enough, on a loaded machine too, for a fifth of the runs to finish an enqueue.
            let delay = UInt32.random(in: 0...80_000, using: &random)
            let child = try QueueStressProcess([folder.dataDirectory.path, mode, "1000"])
            let lines = try await offThePool {
                try child.waitFor("ready")
                usleep(delay)
                return child.kill()
            }
            #expect(child.wasKilled, "iteration \(iteration) ended on its own: \(child.errorOutput)")
            promises.read(lines, iteration: iteration)

            leftovers += folder.entries(in: "staging").count + folder.entries(in: "trash").count + folder.temporaries().count
            let jobs: [UploadJob]
            do {
                jobs = try store.jobs()
            } catch {
                Issue.record("jobs() threw after kill \(iteration): \(error)")
                continue
            }
            check(jobs, against: promises, iteration: iteration, folder: folder, store: store, verified: &verified)
            unannounced.formUnion(jobs.map(\.id).filter { promises.queued[$0] == nil })
        }

        // Finally: every byte of every job that is left, not only the newly seen ones.
        verified.removeAll()
        let jobs = try store.jobs()
        check(jobs, against: promises, iteration: Self.iterations, folder: folder, store: store, verified: &verified)
        #expect(promises.queued.count >= Self.iterations / 5, "too few enqueues finished to prove anything")
        print("""
            queue-stress: \(Self.iterations) kills (seed \(Self.seed)) in \
            \(String(format: "%.1f", Date().timeIntervalSince(started))) s; \
            \(promises.queued.count) jobs promised, \(promises.removed.count) removed, \(jobs.count) left, \
            \(unannounced.count) queued but killed before saying so, \(leftovers) leftovers cleaned
            """)
    }

    private func check(
        _ jobs: [UploadJob], against promises: Promises, iteration: Int,
        folder: UploadTestFolder, store: UploadStore, verified: inout Set<String>
    ) {
        let ids = jobs.map(\.id)
        #expect(Set(ids).count == ids.count, "a job is listed twice after kill \(iteration)")
        #expect(Set(jobs.map(\.sourcePath)).count == jobs.count, "a file is queued twice after kill \(iteration)")
        // Every directory in jobs/ holds a complete record: none was skipped as half-written.
        #expect(folder.entries(in: "jobs").sorted() == ids.sorted(), "after kill \(iteration)")
        #expect(folder.entries(in: "staging").isEmpty, "staging not cleaned after kill \(iteration)")
        #expect(folder.entries(in: "trash").isEmpty, "trash not cleaned after kill \(iteration)")
        #expect(folder.temporaries().isEmpty, "temporaries not cleaned after kill \(iteration)")

        let listed = Set(ids)
        for id in promises.queued.keys where !promises.removing.contains(id) {
            #expect(listed.contains(id), "job \(id), queued in iteration \(promises.queued[id] ?? -1), is lost")
        }
        for id in promises.removed {
            #expect(!listed.contains(id), "job \(id) came back after it was removed")
        }
        for job in jobs {
            if let promised = promises.attempts[job.id] {
                #expect(job.attempts >= promised, "job \(job.id) lost an update")
            }
            // No dead process still holds a claim.
            if let claim = try? store.claim(job.id) {
                claim.release()
            } else {
                Issue.record("job \(job.id) can't be claimed after kill \(iteration)")
            }
            let payload = store.payloadURL(for: job)
            let size = (try? FileManager.default.attributesOfItem(atPath: payload.path)[.size] as? Int) ?? -1
            #expect(Int64(size) == job.size, "payload of \(job.id) is \(size) bytes, job says \(job.size)")
            guard !verified.contains(job.id) else { continue }
            let expected = StressContent.bytes(forFileName: job.fileName)
            #expect((try? Data(contentsOf: payload)) == expected, "payload of \(job.id) differs from its source")
            verified.insert(job.id)
        }
    }

    @Test(.timeLimit(.minutes(4)))
    func writersSweepingEachOthersStagingNeverDeleteALiveOne() async throws {
        let folder = try UploadTestFolder()
        let store = folder.store(clock: .live)
        // Every enqueue sweeps staging/, so each writer keeps trying to clean up the
        // other's half-written job; so does this process, listing jobs all the while.
        let writers = try (0..<2).map { _ in try QueueStressProcess([folder.dataDirectory.path, "enqueue", "15"]) }
        let listing = Task {
            var listings = 0
            while !Task.isCancelled {
                _ = try store.jobs()
                listings += 1
                try await Task.sleep(for: .milliseconds(1))
            }
            return listings
        }
        var promised: [String] = []
        for writer in writers {
            let lines = try await offThePool { writer.finish() }
            #expect(!writer.wasKilled && lines.count == 16, "\(lines) \(writer.errorOutput)")
            promised += lines.filter { $0.hasPrefix("queued ") }.map { String($0.dropFirst("queued ".count)) }
        }
        listing.cancel()
        _ = await listing.result
        let jobs = try store.jobs()
        #expect(jobs.map(\.id).sorted() == promised.sorted())
        for job in jobs {
            #expect(try Data(contentsOf: store.payloadURL(for: job)) == StressContent.bytes(forFileName: job.fileName))
        }
        #expect(folder.entries(in: "staging").isEmpty)
    }

    @Test func modesAreExactEvenUnderARestrictiveUmask() async throws {
        let folder = try UploadTestFolder()
        // umask 277 would leave new directories r-x and files r--: only explicit modes give 0700/0600.
        let child = try QueueStressProcess([folder.dataDirectory.path, "enqueue", "1"], umask: "277")
        let lines = try await offThePool { child.finish() }
        #expect(lines == ["ready"] + lines.dropFirst().filter { $0.hasPrefix("queued ") })
        let job = try #require(try folder.store().jobs().first)
        let queue = folder.queue.path
        for directory in [folder.dataDirectory.path, queue, "\(queue)/jobs", "\(queue)/staging", "\(queue)/jobs/\(job.id)"] {
            #expect(permissionBits(directory) == 0o700, "\(directory)")
        }
        for file in ["\(queue)/jobs/\(job.id)/job.json", "\(queue)/jobs/\(job.id)/payload"] {
            #expect(permissionBits(file) == 0o600, "\(file)")
        }
    }
}
