import Foundation
import CourseKit
@testable import FileSystem
import TestSupport
@testable import UploadQueue

/// A data directory, a download directory and a queue of downloads for one test, removed when done.
struct DownloadFixture {
    let folder: UploadTestFolder
    let clock = ManualClock(Date(timeIntervalSince1970: 1_000_000))
    let course = CourseID(42)
    let backend = "canvas:https://school.test"

    init() throws {
        folder = try UploadTestFolder()
    }

    var store: UploadStore { UploadStore(directory: folder.dataDirectory, clock: clock.client) }
    var root: URL { folder.root.appendingPathComponent("Downloads") }
    var records: DownloadRecords { store.downloadRecords }

    /// A file as Canvas lists it, with an address to fetch it from.
    func file(
        id: String = "7", name: String = "notes.pdf", size: Int64? = 11,
        updatedAt: Date? = Date(timeIntervalSince1970: 1_700_000_000.25), isLocked: Bool = false
    ) -> CourseFile {
        CourseFile(
            id: id, name: name, size: size, updatedAt: updatedAt,
            downloadURL: isLocked ? nil : URL(string: "https://school.test/files/\(id)/download"), isLocked: isLocked,
            lockExplanation: isLocked ? "This file is locked until Monday." : nil
        )
    }

    /// Queues `files` of the course `BIO 101`, folder `Week 1`, as the client does.
    @discardableResult
    func enqueue(_ files: [CourseFile]) throws -> DownloadBatch.Outcome {
        let batch = DownloadBatch(
            course: course, courseFolder: "BIO 101", entries: files.map { DownloadBatch.Entry(file: $0, folderPath: ["Week 1"]) }
        )
        return try store.enqueueDownloads(batch, backend: backend, downloadDirectory: root)
    }

    /// Where a file named `name` of that folder goes.
    func path(_ name: String) -> String {
        root.appendingPathComponent("coursebrowser/BIO 101/Week 1").appendingPathComponent(name).path
    }

    /// Where `job`'s bytes arrive until they are whole.
    func part(of job: UploadJob) -> String {
        job.download?.partPath ?? ""
    }

    func engine(_ fetch: @escaping @Sendable (DownloadRequest) async throws -> Void) -> UploadEngine {
        UploadEngine(
            store: store, transport: .unimplemented, downloads: DownloadTransport(fetch: fetch), clock: clock.client,
            backend: backend, jitter: { 1 }
        )
    }

    func job(_ id: String) throws -> UploadJob? {
        try store.job(id)
    }
}

/// A transport whose server sends `body` whole, from its first byte, with `validator`.
func serving(_ body: String, validator: String? = "\"v1\"") -> @Sendable (DownloadRequest) async throws -> Void {
    { request in
        try await request.remember(validator)
        try Data(body.utf8).write(to: request.part)
        request.progress(Int64(body.utf8.count))
    }
}

func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
}

func modificationDate(_ path: String) -> Date? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
}
