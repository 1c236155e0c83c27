import Foundation
import Testing
import CourseKit
@testable import FileSystem
import TestSupport
@testable import UploadQueue

/// The queue leaves the digest check to the transport that streams a copy, with the digest its
/// job records, instead of reading the copy in a pass of its own; a mismatch is a damaged copy.
extension UploadEngineTests {
    func source(_ name: String, size: Int) throws -> URL {
        try file(name, String(repeating: "0123456789abcdef", count: size / 16))
    }

    /// Flips the byte `fromEnd` bytes before the end of `job`'s queued copy; its size stays.
    func flipNearTheEnd(of job: UploadJob, fromEnd: Int = 3) throws {
        let payload = store.payloadURL(for: job)
        var bytes = try Data(contentsOf: payload)
        bytes[bytes.count - fromEnd] ^= 0x20
        try bytes.write(to: payload)
    }

    /// A transport that streams the copy as the Canvas transport's body reader does: hashing
    /// it, and throwing before the last chunk when the job's recorded digest doesn't match.
    func streaming(sent: Shared<Int64>, bound: Recorder<String?>) -> UploadTransport {
        UploadTransport { job, payload, progress in
            let expected = job.files.first?.sha256
            bound.append(expected)
            let bytes = try Data(contentsOf: payload)
            let digest = SHA256()
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + 1000, bytes.count)
                bytes[offset..<end].withUnsafeBytes { digest.update($0) }
                if end == bytes.count, let expected, digest.finish() != expected {
                    throw DigestMismatch(path: payload.path)
                }
                offset = end
                sent.modify { $0 = Int64(end) }
                progress(Int64(end))
            }
        }
    }

    @Test func anUnchangedCopyIsSentWithItsRecordedDigestAndNoPassOfItsOwn() async throws {
        let job = try store.enqueue(file: source("a.bin", size: 4992), course: CourseID(1), backend: "offline")
        let sent = Shared<Int64>(0)
        let bound = Recorder<String?>()
        try await engine(streaming(sent: sent, bound: bound)).runDueJobs()
        #expect(bound.values == [job.files.first?.sha256])
        #expect(bound.values.first??.isEmpty == false)
        #expect(sent.value == 4992)
        #expect(try store.job(job.id)?.state == .done)
    }

    @Test func aCopyChangedNearItsEndFailsAsChangedWithoutItsLastBytesSent() async throws {
        let job = try store.enqueue(file: source("b.bin", size: 4992), course: CourseID(1), backend: "offline")
        try flipNearTheEnd(of: job)
        let sent = Shared<Int64>(0)
        try await engine(streaming(sent: sent, bound: Recorder())).runDueJobs()
        #expect(sent.value < 4992)
        #expect(try store.job(job.id)?.state == .failed(reason: "The queued copy of b.bin is damaged (its SHA-256 changed); queue the file again"))
    }

    @Test func theLocalTransportChecksTheDigestBeforeCopying() async throws {
        let target = directory.appendingPathComponent("target")
        let kept = try store.enqueue(file: source("kept.bin", size: 3000), course: CourseID(1), backend: "offline")
        let changed = try store.enqueue(file: source("changed.bin", size: 3000), course: CourseID(1), backend: "offline")
        try flipNearTheEnd(of: changed)
        try await engine(.local(directory: target)).runDueJobs()
        #expect(try store.job(kept.id)?.state == .done)
        #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent("uploads/1/kept.bin").path))
        #expect(try store.job(changed.id)?.state == .failed(reason: "The queued copy of changed.bin is damaged (its SHA-256 changed); queue the file again"))
        #expect(!FileManager.default.fileExists(atPath: target.appendingPathComponent("uploads/1/changed.bin").path))
    }
}
