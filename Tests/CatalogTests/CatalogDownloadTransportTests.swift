import Foundation
import Synchronization
import Testing
@testable import Catalog
import CourseKit
import TestSupport

/// The catalog transport fills a part as a file store answers: the whole file, or only the
/// missing tail of a part whose validator still matches.
struct CatalogDownloadTransportTests {
    static let now = CatalogCourseFileTests.now
    static let text = "Cells are the unit of life.\n"

    let index: CatalogIndex
    let directory: URL

    init() throws {
        index = try CatalogIndex(Data(CatalogCourseFileTests.json.utf8), source: "test.json")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-transport-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// What a transport told the queue.
    final class Told: Sendable {
        let remembered = Mutex<[String?]>([])
        let progress = Mutex<[Int64]>([])
    }

    func request(file: String, part: URL, validator: String?, told: Told = Told()) -> DownloadRequest {
        var job = UploadJob(
            id: "j", courseID: CourseID(1), fileName: file, sourcePath: part.path, size: 0, backend: "offline", queuedAt: Self.now
        )
        job.download = UploadJob.Download(fileID: file, destination: part.deletingPathExtension().path)
        return DownloadRequest(
            job: job, part: part, validator: validator,
            remember: { value in told.remembered.withLock { $0.append(value) } },
            progress: { bytes in told.progress.withLock { $0.append(bytes) } }
        )
    }

    func transport() -> DownloadTransport {
        let index = index
        return .catalog(now: { Self.now }, index: { index })
    }

    /// The validator the transport gives `file`, from a first whole download.
    func validator(of file: String) async throws -> String? {
        let part = directory.appendingPathComponent("probe-\(file).part")
        let told = Told()
        try await transport().fetch(request(file: file, part: part, validator: nil, told: told))
        return told.remembered.withLock { $0.last ?? nil }
    }

    @Test func aNewPartGetsTheWholeFileAndItsValidatorIsRememberedFirst() async throws {
        let part = directory.appendingPathComponent("syllabus.txt.part")
        let told = Told()
        try await transport().fetch(request(file: "f1", part: part, validator: nil, told: told))
        #expect(try String(contentsOf: part, encoding: .utf8) == "Welcome\n")
        #expect(told.remembered.withLock { $0 }.count == 1)
        #expect(told.progress.withLock { $0 }.last == 8)
    }

    @Test func aPartWithTheSameValidatorGetsOnlyTheMissingTail() async throws {
        let validator = try await validator(of: "2")
        let part = directory.appendingPathComponent("week1.txt.part")
        // Bytes that differ from the file's own: only a transport that appends leaves them.
        try Data("CE".utf8).write(to: part)
        let told = Told()
        try await transport().fetch(request(file: "2", part: part, validator: validator, told: told))
        #expect(try String(contentsOf: part, encoding: .utf8) == "CElls")
        #expect(told.remembered.withLock { $0 }.isEmpty, "a resume remembers nothing new")
    }

    @Test func aPartWithAnotherValidatorOrTooLongStartsOver() async throws {
        let validator = try await validator(of: "2")
        for (old, stale, name) in [("\"old\"", "CE", "other"), (validator, "cells and more", "long")] {
            let part = directory.appendingPathComponent("\(name).part")
            try Data(stale.utf8).write(to: part)
            let told = Told()
            try await transport().fetch(request(file: "2", part: part, validator: old, told: told))
            #expect(try String(contentsOf: part, encoding: .utf8) == "cells", "\(name)")
            #expect(told.remembered.withLock { $0 } == [validator], "\(name)")
        }
    }

    @Test func aFileWithOnlyASizeIsThatManyBytes() async throws {
        let part = directory.appendingPathComponent("slides.bin.part")
        try await transport().fetch(request(file: "f3", part: part, validator: nil))
        #expect(try Data(contentsOf: part).count == 100)
    }

    @Test func aLockedOrMissingFileFailsForGoodAndWritesNothing() async throws {
        let part = directory.appendingPathComponent("exam.txt.part")
        for file in ["f4", "nope"] {
            do {
                try await transport().fetch(request(file: file, part: part, validator: nil))
                Issue.record("\(file) was downloaded")
            } catch {
                #expect((error as? any TransientError)?.isTransient == false, "\(file)")
                #expect(userMessage(for: error).contains(file == "f4" ? "Locked until the exam is graded." : "no file with ID nope"))
            }
        }
        #expect(!FileManager.default.fileExists(atPath: part.path))
    }
}
