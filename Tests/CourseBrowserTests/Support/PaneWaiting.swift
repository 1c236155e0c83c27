import Foundation
import Testing
@testable import CourseBrowser

/// Lets the pane's tasks run until `condition` holds; false after `timeout`.
///
/// Sleeps between looks rather than yielding: beside the whole suite, a loop of yields on
/// the main actor left the conversion's pieces too little of it to finish in time.
@MainActor
func waitUntil(_ condition: () -> Bool, timeout: Duration = .seconds(180)) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return true
}

extension CourseDetailState {
    /// The text of the syllabus's lines as laid out, without the blank lines after them.
    func syllabusText(now: Date) -> [String] {
        guard let heading = lines.firstIndex(where: { $0.landmark == "heading syllabus" }) else { return [] }
        let rest = lines[(heading + 1)...]
        let end = rest.firstIndex { $0.landmark?.hasPrefix("heading") == true } ?? rest.endIndex
        return rest[..<end].map { $0.styled(now: now, glyphs: .unicode).text }.reversed().drop { $0.isEmpty }.reversed()
    }
}
