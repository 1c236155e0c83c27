import CourseBrowser
import CourseKit
import Foundation
import TerminalUI

/// Times the course list's `/` filter the way a person uses it, through the host the app runs.
enum ListFilterBenchmark {
    /// Starts the app's host on `courses` (a saved copy, so nothing loads), opens the filter
    /// and types `query` one key at a time; returns how long `/` took, then each key, from the
    /// key to a drawn `width` × `height` frame.
    @MainActor
    static func keyTimes(courses: [Course], typing query: String, width: Int, height: Int) -> (open: Duration, keys: [Duration]) {
        var environment = EnvironmentValues()
        environment.clock = .fixed(Date())
        environment.savedCopies.courses = { _ in Saved(value: courses, savedAt: Date()) }
        // A backend that never answers, so the saved copy stays on screen.
        environment.courseClient.coursesPage = { _, _, _ in
            try await Task.sleep(for: .seconds(86_400))
            return Page(items: [])
        }
        let shell = AppShell(environment: environment)
        shell.start()
        shell.resize(width: width, height: height, glyphs: .unicode)
        var grid = Grid(width: width, height: height)
        shell.render(into: &grid)
        let clock = ContinuousClock()
        func frame(after key: Key) -> Duration {
            clock.measure {
                _ = shell.handle(key)
                grid = Grid(width: width, height: height)
                shell.render(into: &grid)
            }
        }
        let open = frame(after: .character("/"))
        return (open, query.map { frame(after: .character($0)) })
    }
}
