import Foundation
import Testing
import CourseKit
@testable import FileSystem
import TestSupport
@testable import UploadQueue

/// `UploadTransport.local`, the offline backends' upload target.
struct LocalUploadTests {
    let folder: ScratchFolder
    let store: URL

    init() throws {
        folder = try ScratchFolder()
        store = folder.url.appendingPathComponent("data")
    }

    private func permissions(_ url: URL) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue
    }

    @Test func theCopyIsByteIdenticalAndOwnerOnly() async throws {
        defer { folder.remove() }
        let payload = try folder.payload(size: 2 * (1 << 20) + 5)
        let progress = Recorder<Int64>()
        try await UploadTransport.local(directory: store).upload(uploadJob("essay.pdf"), payload, progress.record)
        let copy = store.appendingPathComponent("uploads/42/essay.pdf")
        #expect(try Data(contentsOf: copy) == (try Data(contentsOf: payload)))
        #expect(try permissions(copy) == 0o600)
        #expect(try permissions(store.appendingPathComponent("uploads")) == 0o700)
        #expect(try permissions(store.appendingPathComponent("uploads/42")) == 0o700)
        #expect(progress.values.count >= 3, "progress comes in chunks")
        #expect(progress.values.last == Int64(2 * (1 << 20) + 5))
    }

    @Test func aRetryOverwritesInsteadOfDuplicating() async throws {
        defer { folder.remove() }
        let transport = UploadTransport.local(directory: store)
        let first = try folder.payload("first.bin", size: 4000, seed: 1)
        let second = try folder.payload("second.bin", size: 3000, seed: 2)
        try await transport.upload(uploadJob("notes.txt"), first) { _ in }
        try await transport.upload(uploadJob("notes.txt"), second) { _ in }
        #expect(folder.contents("data/uploads/42") == ["notes.txt"])
        #expect(try Data(contentsOf: store.appendingPathComponent("uploads/42/notes.txt")) == (try Data(contentsOf: second)))
    }

    @Test func aCrashedAttemptsPartialFileIsCleanedAndNeverTakesTheFinalName() async throws {
        defer { folder.remove() }
        let course = store.appendingPathComponent("uploads/42")
        try FileManager.default.createDirectory(at: course, withIntermediateDirectories: true)
        try Data("half".utf8).write(to: course.appendingPathComponent(".notes.txt.1234.partial"))
        try await UploadTransport.local(directory: store).upload(uploadJob("notes.txt"), try folder.payload(size: 10)) { _ in }
        #expect(folder.contents("data/uploads/42") == ["notes.txt"])
    }

    @Test func namesCannotEscapeTheCourseFolder() async throws {
        defer { folder.remove() }
        let course = try #require(CourseID("../x"))
        try await UploadTransport.local(directory: store).upload(uploadJob("../../evil", course: course), try folder.payload(size: 10)) { _ in }
        #expect(folder.contents("data/uploads") == [".._x"])
        #expect(folder.contents("data/uploads/.._x") == [".._.._evil"])
    }

    @Test func aMissingPayloadIsPermanentAndWritesNothing() async throws {
        defer { folder.remove() }
        let error = await #expect(throws: UploadError.payloadMissing(fileName: "essay.pdf")) {
            try await UploadTransport.local(directory: store).upload(uploadJob(), folder.url.appendingPathComponent("gone")) { _ in }
        }
        #expect(!UploadFailure.isTransient(try #require(error)))
        #expect(!FileManager.default.fileExists(atPath: store.appendingPathComponent("uploads/42/essay.pdf").path))
    }

    @Test func anUnwritableStoreIsAShortMessageNamingTheFile() async throws {
        defer { folder.remove() }
        let blocker = folder.url.appendingPathComponent("file-not-folder")
        try Data().write(to: blocker)
        let payload = try folder.payload(size: 10)
        do {
            try await UploadTransport.local(directory: blocker).upload(uploadJob(), payload) { _ in }
            Issue.record("expected a failure")
        } catch {
            #expect(userMessage(for: error) == "Can't save essay.pdf: part of the path is not a folder")
        }
    }

    @Test func cancellationStopsTheCopyAndLeavesNoFile() async throws {
        defer { folder.remove() }
        let payload = try folder.payload(size: 8 * (1 << 20))
        let started = Recorder<Int64>()
        let release = DispatchSemaphore(value: 0)
        let task = Task {
            try await UploadTransport.local(directory: store).upload(uploadJob(), payload) { sent in
                started.append(sent)
                // Holds the copy after its first chunk until the test has cancelled.
                // Long enough for the test to get a thread and cancel on a loaded machine.
                if started.values.count == 1 { _ = release.wait(timeout: .now() + 60) }
            }
        }
        while started.values.isEmpty {
            try await Task.sleep(for: .milliseconds(5))
        }
        task.cancel()
        release.signal()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(folder.contents("data/uploads/42").isEmpty)
    }
}
