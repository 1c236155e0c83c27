import CourseBrowser
import CourseKit
import FoundationEssentials

/// The `due` and `calendar` commands: what the Due pane lists, for scripts, status bars and
/// calendar apps.
package enum DueCommands {
    /// Prints what is due from two weeks back to `days` ahead, grouped as the Due pane groups
    /// it, or as JSON; 0 when it was read (or a saved copy was shown), 1 when it couldn't be.
    package static func due(json: Bool, days: Int?, services: LiveEnvironment.Services, processEnvironment: [String: String]) async -> Int32 {
        services.learnAccountAhead()
        let now = services.environment.clock.now()
        let days = days ?? LaunchOptions.defaultDays
        guard let items = await load(days: days, environment: services.environment, now: now, json: json) else { return 1 }
        if json {
            QueueCommands.sayExactly(DueJSON.text(items, now: now))
            return 0
        }
        let style = DuePlainText.Style.forStandardOutput(processEnvironment)
        QueueCommands.sayExactly(DuePlainText.text(items, days: days, now: now, style: style))
        return 0
    }

    /// Prints what is due from two weeks back to `days` ahead as an iCalendar file.
    package static func calendar(days: Int?, services: LiveEnvironment.Services) async -> Int32 {
        services.learnAccountAhead()
        let now = services.environment.clock.now()
        guard let items = await load(days: days ?? LaunchOptions.defaultDays, environment: services.environment, now: now) else { return 1 }
        let feed = DueCalendar(domain: services.backendName, now: now)
        StandardStream.output.write(feed.text(items))
        return 0
    }
}
