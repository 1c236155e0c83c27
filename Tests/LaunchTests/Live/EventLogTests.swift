import CourseKit
import Foundation
@testable import Launch
import Testing
import TestSupport

struct EventLogTests {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString).jsonl").path

    @Test func appendsOneJSONObjectPerLine() throws {
        let clock = WallClock.fixed(Date(timeIntervalSince1970: 0))
        let log = try Analytics.eventLog(path: path, clock: clock)
        log.track(.paneShown("courses"))
        log.track(.loadFailed(pane: "course", section: "syllabus", message: "No course with ID 9"))
        let again = try Analytics.eventLog(path: path, clock: clock)
        again.track(.retryPressed(pane: "course"))

        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0] == #"{"event":"pane_shown","pane":"courses","time":"1970-01-01T00:00:00Z"}"#)
        let second = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: String]
        #expect(second?["message"] == "No course with ID 9")
        #expect(lines[2].contains(#""event":"retry_pressed""#))
    }

    @Test func aFolderThatDoesNotExistIsAClearError() {
        let bad = "/nonexistent-\(UUID().uuidString)/events.jsonl"
        #expect {
            _ = try Analytics.eventLog(path: bad, clock: .live)
        } throws: { error in
            (error as? EventLogError)?.userMessage == "Can't open event log \(bad): No such file or directory"
        }
    }
}
