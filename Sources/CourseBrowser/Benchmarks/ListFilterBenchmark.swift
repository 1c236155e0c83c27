import CourseKit
import FoundationEssentials
import TerminalUI

/// Times the course list's `/` filter the way a person uses it, for `coursebrowser-bench`.
package enum ListFilterBenchmark {
    /// Shows `courses` in the Courses pane (as a saved copy, so nothing loads), opens the
    /// filter and types `query` one key at a time; returns how long `/` took, then each key,
    /// from the key to a drawn `width` × `height` frame.
    @MainActor
    package static func keyTimes(courses: [Course], typing query: String, width: Int = 48, height: Int = 40) -> (open: Duration, keys: [Duration]) {
        var environment = EnvironmentValues()
        environment.clock = .fixed(Date())
        environment.savedCopies.courses = { _ in Saved(value: courses, savedAt: Date()) }
        // A backend that never answers, so the saved copy stays on screen.
        environment.courseClient.coursesPage = { _, _, _ in
            try await Task.sleep(for: .seconds(86_400))
            return Page(items: [])
        }
        let pane = CourseListPane(environment: environment)
        pane.start()
        pane.resize(PaneSize(width: width, height: height, glyphs: .unicode))
        let clock = ContinuousClock()
        func frame(after key: Key) -> Duration {
            clock.measure {
                _ = pane.handle(key)
                var grid = Grid(width: width, height: height)
                pane.draw(into: &grid, rect: grid.bounds, focused: true)
            }
        }
        let open = frame(after: .character("/"))
        return (open, query.map { frame(after: .character($0)) })
    }
}
