import CourseBrowser
import CourseKit
import FoundationEssentials

/// The `course ID` command: a course as its pane shows it (the overview, assignments with where
/// each stands, announcements and files), for scripts and a look without opening the browser.
package enum CourseCommand {
    /// Prints course `id` as text or JSON; 0 when the course was read or a saved copy of it was
    /// shown (a section that could be neither is said on stderr and in `unavailable`), 1 otherwise.
    package static func run(course id: CourseID, json: Bool, services: LiveEnvironment.Services, processEnvironment: [String: String]) async -> Int32 {
        services.learnAccountAhead()
        let environment = services.environment
        guard let report = await CourseReport.load(id, environment: environment, json: json) else { return 1 }
        let now = environment.clock.now()
        if json {
            QueueCommands.sayExactly(CourseJSON.text(report))
            return 0
        }
        QueueCommands.sayExactly(CoursePlainText.text(report, now: now, style: .forStandardOutput(processEnvironment)))
        return 0
    }
}
