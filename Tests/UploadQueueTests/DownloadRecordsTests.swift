import Foundation
import Testing
import CourseKit
@testable import FileSystem
import TestSupport
@testable import UploadQueue

/// The record of what was downloaded: one small file per downloaded file, so recording one
/// never reads or rewrites the others, and a course recorded in the earlier one-map layout
/// is read as it was and split into files when one of its files is recorded.
struct DownloadRecordsTests {
    let fixture: DownloadFixture

    init() throws {
        fixture = try DownloadFixture()
    }

    func entry(_ name: String, size: Int64 = 5) -> DownloadRecords.Entry {
        DownloadRecords.Entry(path: "/dl/\(name)", size: size, updatedAt: Date(timeIntervalSince1970: 1_700_000_000), validator: "\"\(name)\"")
    }

    @Test func recordingAFileLeavesEveryOtherRecordUntouched() throws {
        let records = fixture.records
        for number in 1...50 {
            try records.record(entry("f\(number)"), backend: fixture.backend, course: fixture.course, fileID: String(number))
        }
        let folder = records.courseFolder(backend: fixture.backend, course: fixture.course)
        let before = try #require(FileVersion(path: folder.appendingPathComponent(DownloadRecords.recordName("1")).path))
        try records.record(entry("again", size: 9), backend: fixture.backend, course: fixture.course, fileID: "2")
        #expect(FileVersion(path: folder.appendingPathComponent(DownloadRecords.recordName("1")).path) == before)
        let all = records.entries(backend: fixture.backend, course: fixture.course)
        #expect(all.count == 50)
        #expect(all["2"] == entry("again", size: 9))
        #expect(records.entry(backend: fixture.backend, course: fixture.course, fileID: "50") == entry("f50"))
        #expect(records.entry(backend: fixture.backend, course: fixture.course, fileID: "51") == nil)
    }

    @Test func aCourseOfTheEarlierLayoutIsReadAndSplitWhenAFileIsRecorded() throws {
        let records = fixture.records
        let map = records.earlierMapURL(backend: fixture.backend, course: fixture.course)
        try FileManager.default.createDirectory(at: map.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONEncoder().encode(["1": entry("one"), "2": entry("two")]).write(to: map)
        #expect(records.entry(backend: fixture.backend, course: fixture.course, fileID: "1") == entry("one"))
        #expect(records.entries(backend: fixture.backend, course: fixture.course).count == 2)

        try records.record(entry("two, newer", size: 7), backend: fixture.backend, course: fixture.course, fileID: "2")
        #expect(!FileManager.default.fileExists(atPath: map.path), "the map was not split")
        let all = records.entries(backend: fixture.backend, course: fixture.course)
        #expect(all == ["1": entry("one"), "2": entry("two, newer", size: 7)])
    }

    @Test func aRecordThatCantBeReadCountsAsNone() throws {
        let records = fixture.records
        try records.record(entry("one"), backend: fixture.backend, course: fixture.course, fileID: "1")
        try records.record(entry("two"), backend: fixture.backend, course: fixture.course, fileID: "2")
        let folder = records.courseFolder(backend: fixture.backend, course: fixture.course)
        try Data("{\"fileID\": \"1\", \"entr".utf8).write(to: folder.appendingPathComponent(DownloadRecords.recordName("1")))
        #expect(records.entries(backend: fixture.backend, course: fixture.course) == ["2": entry("two")])
        #expect(records.entry(backend: fixture.backend, course: fixture.course, fileID: "1") == nil)
    }
}
