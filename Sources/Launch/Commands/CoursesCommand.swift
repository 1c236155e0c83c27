import CourseBrowser
import CourseKit
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

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
        let style = DuePlainText.Style(
            colours: isatty(STDOUT_FILENO) != 0 && DuePlainText.Style.allowsColour(processEnvironment),
            unicode: UTF8Locale.adopt()
        )
        QueueCommands.sayExactly(CoursesPlainText.text(groups, scope: scope, style: style))
        return 0
    }

    /// Every course of `scope`, page after page, else the list last saved (`SavedCopyFallback`).
    static func load(_ scope: CourseScope, environment: EnvironmentValues, json: Bool) async -> [Course]? {
        let client = environment.courseClient
        return await SavedCopyFallback.answer(
            { try await allPages(of: scope, from: client) }, saved: { environment.savedCopies.courses(scope) },
            nothingSaved: "no \(scope.title) course list is saved on this machine yet", now: environment.clock.now(), json: json
        )?.value
    }

    /// Reads the listing of `scope` to its end, each course once; stops at a page that leads back
    /// to one already read, as the pane does.
    static func allPages(of scope: CourseScope, from client: CourseClient) async throws -> [Course] {
        var courses: [Course] = []
        var seenIDs: Set<CourseID> = []
        var seenPages: Set<String> = []
        var cursor: PageCursor?
        for _ in 0..<PagingError.pageLimit {
            let page = try await client.coursesPage(scope, cursor, .ignored)
            if let key = page.contentKey, !seenPages.insert(key).inserted { throw PagingError.loopsBack }
            courses += page.items.filter { seenIDs.insert($0.id).inserted }
            guard let next = page.next else { return courses }
            if next == cursor { throw PagingError.loopsBack }
            cursor = next
        }
        throw PagingError.tooManyPages(limit: PagingError.pageLimit)
    }
}
