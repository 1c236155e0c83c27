import Foundation
import Testing
import CourseKit
@testable import FileSystem
import TestSupport
@testable import UploadQueue

struct UploadStoreClaimTests {
    let folder: UploadTestFolder
    let store: UploadStore
    let job: UploadJob

    init() throws {
        folder = try UploadTestFolder()
        store = folder.store()
        job = try store.enqueue(file: try folder.write(Data("x".utf8), to: "a.txt"), course: CourseID(1), backend: "local")
    }

    /// Whether someone holds job `id`: claiming it from `other` (else the test's store) finds
    /// it busy; a claim made to find out is given back at once.
    func isClaimed(_ id: String, in other: UploadStore? = nil) -> Bool {
        do {
            guard let claim = try (other ?? store).claim(id) else { return true }
            claim.release()
            return false
        } catch {
            return false
        }
    }

    @Test func aClaimExcludesOtherClaimsInTheSameProcess() throws {
        let claim = try #require(try store.claim(job.id))
        #expect(claim.jobID == job.id)
        #expect(try store.claim(job.id) == nil)
        // A second store on the same directory opens its own descriptor, and flock
        // locks conflict between open file descriptions even within one process.
        #expect(try folder.store().claim(job.id) == nil)
        #expect(isClaimed(job.id))
        #expect(isClaimed(job.id, in: folder.store()))
        withExtendedLifetime(claim) {}
    }

    @Test func releaseLetsTheJobBeClaimedAgain() throws {
        let claim = try #require(try store.claim(job.id))
        claim.release()
        claim.release()
        #expect(!isClaimed(job.id))
        let again = try #require(try store.claim(job.id))
        #expect(isClaimed(job.id), "the new claim holds it")
        withExtendedLifetime(again) {}
    }

    /// A child being spawned holds copies of every descriptor until it execs; a claim
    /// released just before must not look held because of that.
    @Test func aReleasedClaimIsFreeEvenWhileChildrenAreBeingSpawned() throws {
        let spawner = SpawningThread()
        var refused = 0
        for _ in 0..<3_000 {
            guard let claim = try store.claim(job.id) else {
                refused += 1
                continue
            }
            claim.release()
            if isClaimed(job.id) { refused += 1 }
        }
        let spawned = spawner.stop()
        #expect(spawned > 0)
        #expect(refused == 0)
    }

    @Test func aClaimThatGoesAwayIsReleased() throws {
        do {
            let claim = try store.claim(job.id)
            #expect(claim != nil)
        }
        #expect(try store.claim(job.id) != nil)
    }

    @Test func anUnknownJobCannotBeClaimed() throws {
        #expect(throws: UploadQueueError.jobNotFound(id: "20260101-000000-000000")) {
            try store.claim("20260101-000000-000000")
        }
        #expect(throws: UploadQueueError.jobNotFound(id: "..")) { try store.claim("..") }
        #expect(!isClaimed("20260101-000000-000000"))
        try store.remove(job.id)
        #expect(throws: UploadQueueError.jobNotFound(id: job.id)) { try store.claim(job.id) }
    }

    @Test(.timeLimit(.minutes(3)))
    func twoProcessesRaceForOneJobAndExactlyOneWinsUntilItIsKilled() async throws {
        // Each holder is killed before the test ends; it holds the claim as long as the test's
        // own time limit, so a busy machine that takes long to get from one step to the next
        // (a whole CI run's tests at once took 94 s here) doesn't see it let go on its own.
        let arguments = [folder.dataDirectory.path, "claim", job.id, "180"]
        let first = try QueueStressProcess(arguments)
        let second = try QueueStressProcess(arguments)
        let answers = try await offThePool { [first.nextLine(), second.nextLine()] }
        #expect(answers.sorted { ($0 ?? "") < ($1 ?? "") } == ["busy", "claimed"])
        let (winner, loser) = answers[0] == "claimed" ? (first, second) : (second, first)
        _ = try await offThePool { loser.finish() }

        // The winner holds the job against this process too.
        #expect(try store.claim(job.id) == nil)
        #expect(isClaimed(job.id))

        // kill -9: no cleanup runs, yet the kernel drops the lock with the process.
        _ = try await offThePool { winner.kill() }
        #expect(winner.wasKilled)
        #expect(!isClaimed(job.id))

        let third = try QueueStressProcess(arguments)
        #expect(try await offThePool { third.nextLine() } == "claimed")
        #expect(try store.claim(job.id) == nil)
        _ = try await offThePool { third.kill() }
        #expect(try store.claim(job.id) != nil)
    }
}
