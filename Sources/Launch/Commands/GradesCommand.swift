import CourseBrowser
import CourseKit
import FoundationEssentials

/// The `grades ID` command: how a course's total is made, as its Grades section shows it.
package enum GradesCommand {
    /// Prints course `id`'s grades as text or JSON; 0 when they were read or a saved copy was
    /// shown, 1 when neither could be had.
    package static func run(course id: CourseID, json: Bool, services: LiveEnvironment.Services, processEnvironment: [String: String]) async -> Int32 {
        services.learnAccountAhead()
        let environment = services.environment
        let reader = CourseSectionReader.grades(environment)
        let outcome = await CourseReport.part(reader, id, section: "grades", now: environment.clock.now())
        guard let answer = SavedCopyFallback.said(outcome.outcome, json: json) else { return 1 }
        if json {
            QueueCommands.sayExactly(GradesJSON.text(answer.value, course: id, savedAt: answer.savedAt))
            return 0
        }
        QueueCommands.sayExactly(GradesPlainText.text(answer.value, style: .forStandardOutput(processEnvironment)))
        return 0
    }
}
