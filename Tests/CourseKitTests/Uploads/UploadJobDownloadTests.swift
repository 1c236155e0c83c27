import Foundation
import Testing
import CourseKit

struct UploadJobDownloadTests {
    @Test func aDownloadJobKeepsItsPlanThroughItsRecord() throws {
        var job = UploadJob(
            id: "d1", courseID: CourseID(42), fileName: "notes.pdf", sourcePath: "/home/sam/Downloads/coursebrowser/BIO/notes.pdf",
            size: 11, backend: "canvas:https://school.test", queuedAt: Date(timeIntervalSince1970: 1_000_000.5), state: .uploading
        )
        job.download = UploadJob.Download(
            fileID: "7", destination: "/home/sam/Downloads/coursebrowser/BIO/notes.pdf", size: 11,
            updatedAt: Date(timeIntervalSince1970: 1_700_000_000.25), url: URL(string: "https://school.test/files/7/download"),
            validator: "\"etag\""
        )
        let decoded = try JSONDecoder().decode(UploadJob.self, from: JSONEncoder().encode(job))
        #expect(decoded == job)
        #expect(decoded.isDownload && !decoded.isSubmission)
    }

    @Test func aRecordWithoutADownloadIsAnUpload() throws {
        let job = UploadJob(id: "u1", courseID: CourseID(42), fileName: "essay.pdf", sourcePath: "/tmp/essay.pdf", size: 3, backend: "offline", queuedAt: Date())
        let decoded = try JSONDecoder().decode(UploadJob.self, from: JSONEncoder().encode(job))
        #expect(decoded.download == nil && !decoded.isDownload)
    }
}
