import Foundation
import Glibc
import Testing
import CourseKit
@testable import FileSystem
import TestSupport
@testable import UploadQueue

/// Files whose names are not UTF-8 are queued by their bytes and shown escaped.
struct UploadStoreBytePathTests {
    let folder: UploadTestFolder
    let store: UploadStore
    /// `<root>/f<E9>.txt`: "fé.txt" as Latin-1 wrote it.
    let latin1: LocalPath

    init() throws {
        folder = try UploadTestFolder()
        store = folder.store()
        latin1 = LocalPath(bytes: Array((folder.root.path + "/f").utf8) + [0xE9] + Array(".txt".utf8))
    }

    /// Writes `text` to the file at exactly `path`.
    func write(_ text: String, to path: LocalPath) throws {
        let descriptor = try #require(path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o600) })
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(Array(text.utf8).withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == text.utf8.count)
    }

    @Test func aNameInAnotherEncodingIsQueuedByItsBytesAndNamedEscaped() throws {
        try write("Latin-1", to: latin1)
        let job = try store.enqueue(file: latin1, course: CourseID(1), backend: "local")
        #expect(job.fileName == #"f\xE9.txt"#)
        #expect(job.sourcePath == folder.root.path + #"/f\xE9.txt"#)
        #expect(job.files.map(\.source) == [latin1])
        #expect(try Data(contentsOf: store.payloadURL(for: job)) == Data("Latin-1".utf8))

        // Read back from its record by a store that has not seen it: the bytes are exact.
        let reread = try #require(try folder.store().jobs().first)
        #expect(reread.files.map(\.source) == [latin1])
        #expect(reread == job)
    }

    @Test func aSubmissionTakesSuchAFileBesideOthers() throws {
        try write("Latin-1", to: latin1)
        let plain = try folder.write(Data("plain".utf8), to: "plain.txt")
        let plan = UploadJob.Submission(assignmentID: "7", assignmentName: "Essay")
        let job = try store.enqueue(files: [latin1, LocalPath(plain.path)], course: CourseID(1), backend: "local", submission: plan)
        #expect(job.files.map(\.name) == [#"f\xE9.txt"#, "plain.txt"])
        #expect(job.fileName == #"f\xE9.txt +1"#)
    }

    @Test func theNameAsAStringIsNotTheFileAndSaysSo() throws {
        try write("Latin-1", to: latin1)
        let lossy = String(decoding: latin1.bytes, as: UTF8.self)
        #expect(throws: UploadQueueError.missing(path: lossy)) { try store.enqueue(file: LocalPath(lossy), course: CourseID(1), backend: "local") }
        let withNul = LocalPath(bytes: latin1.bytes + [0])
        #expect(throws: UploadQueueError.missing(path: withNul.path)) { try store.enqueue(file: withNul, course: CourseID(1), backend: "local") }
        #expect(try store.jobs().isEmpty)
    }
}
