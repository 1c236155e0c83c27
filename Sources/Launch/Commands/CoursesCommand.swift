import CourseBrowser
import CourseKit
import FoundationEssentials

/// The `courses` command: the course list as the pane shows it, grouped by term with the
/// current grades, for scripts and for a look without opening the browser.
package enum CoursesCommand {
    /// Prints the view `scope` (else the one the pane last showed, else Current) as text or JSON;
    /// 0 when it was read or a saved copy was shown, 1 when neither could be had.
    package static func run(json: Bool, scope: CourseScope?, services: LiveEnvironment.Services, processEnvironment: [String: String]) async -> Int32 {
        let environment = services.environment
        let scope = scope ?? environment.settings.load().courseScope ?? .current
        guard let courses = await load(scope, environment: environment, json: json) else { return 1 }
        let groups = CourseListing.groups(courses, now: environment.clock.now())
        if json {
            QueueCommands.sayExactly(CoursesJSON.text(groups))
            return 0
        }
        let style = DuePlainText.Style.forStandardOutput(processEnvironment)
        QueueCommands.sayExactly(CoursesPlainText.text(groups, scope: scope, style: style))
        return 0
    }

    /// Every course of `scope`, page after page, else the list last saved (`SavedCopyFallback`).
    static func load(_ scope: CourseScope, environment: EnvironmentValues, json: Bool) async -> [Course]? {
        SavedCopyFallback.said(await read(scope, environment: environment), json: json)?.value
    }

    /// What `load` reads, and when the saved copy it is was saved (nil: the site's answer), or why
    /// neither could be had, said to nobody yet. With `within`, the site is waited for at most that
    /// long where a saved copy can stand in for its answer.
    static func read(
        _ scope: CourseScope, environment: EnvironmentValues, within limit: Duration? = nil
    ) async -> Result<(value: [Course], savedAt: Date?), SavedCopyFallback.Failure> {
        let client = environment.courseClient
        let clock = environment.clock
        return await SavedCopyFallback.outcome(
            { try await CourseListing.allCourses(of: scope, from: client, now: clock.now) }, saved: { environment.savedCopies.courses(scope) },
            nothingSaved: "no \(scope.title) course list is saved on this machine yet", now: clock.now(), within: limit
        )
    }
}
