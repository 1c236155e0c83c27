import CourseBrowser
import CourseKit
import FoundationEssentials
import HTMLText

extension MCPTools {
    /// The most matches one search answers: enough to find what was meant, few enough to read.
    static let mostMatches = 50

    /// The `search` tool: a text across the courses, what is due and what is saved of each course.
    @Sendable static func runSearch(_ arguments: MCPArguments, _ context: MCPContext) async throws -> MCPToolAnswer.Data {
        let query = (try arguments.text("query") ?? "").trimming(.whitespaces)
        guard !query.isEmpty, query.count <= 200 else {
            throw SavedCopyFallback.Failure(message: "query needs one to 200 characters of words to find", kind: .usage)
        }
        let environment = context.environment
        let now = context.now
        let courses = try await CoursesCommand.read(.all, environment: environment, within: context.waitLimit).get()
        let due = try? await DueCommands.read(days: 28, environment: environment, now: now, within: context.waitLimit).get()
        var matches: [PrettyJSON.Value] = []
        for course in courses.value where SearchText.finds(query, in: course.name + " " + course.code) {
            matches.append(match("course", course: course, id: course.id.rawValue, title: course.name, url: course.htmlURL))
        }
        let byID = Dictionary(courses.value.map { ($0.id, $0) }) { first, _ in first }
        for item in due?.items ?? [] where SearchText.finds(query, in: item.title) {
            matches.append(match("due", course: item.courseID.flatMap { byID[$0] }, id: item.id, title: item.title, url: item.htmlURL, extra: [
                "due_at": .string(item.date.formatted(.iso8601)),
            ]))
        }
        var detailed = 0
        for course in courses.value {
            let found = savedMatches(query, in: course, savedCopies: environment.savedCopies)
            detailed += found.seen ? 1 : 0
            matches += found.matches
        }
        let value = PrettyJSON.Value.object([
            "query": .string(query),
            "matches": .array(Array(matches.prefix(mostMatches))),
            "more": .bool(matches.count > mostMatches),
            "courses_searched": .integer(Int64(courses.value.count)),
            "courses_with_details": .integer(Int64(detailed)),
        ])
        return MCPToolAnswer.Data(value, savedAt: courses.savedAt)
    }

    /// What the saved copies of `course`'s assignments, announcements and files hold of `query`,
    /// and whether any was saved.
    private static func savedMatches(_ query: String, in course: Course, savedCopies: SavedCopyClient) -> (matches: [PrettyJSON.Value], seen: Bool) {
        let assignments = savedCopies.assignments(course.id)?.value
        let announcements = savedCopies.announcements(course.id)?.value
        let files = savedCopies.files(course.id)?.value
        var matches: [PrettyJSON.Value] = []
        for assignment in assignments ?? [] where SearchText.finds(query, in: assignment.name) {
            matches.append(match("assignment", course: course, id: assignment.id, title: assignment.name, url: assignment.htmlURL, extra: [
                "due_at": .string(assignment.dueAt?.formatted(.iso8601)),
            ]))
        }
        for announcement in announcements ?? [] where SearchText.finds(query, in: announcement.title + "\n" + HTMLText.plainText(announcement.messageHTML)) {
            matches.append(match("announcement", course: course, id: announcement.id, title: announcement.title, url: announcement.htmlURL, extra: [
                "posted_at": .string(announcement.postedAt?.formatted(.iso8601)),
            ]))
        }
        for file in files?.files ?? [] where SearchText.finds(query, in: file.name) {
            let path = (files?.folderPath(of: file) ?? []) + [file.name]
            matches.append(match("file", course: course, id: file.id, title: path.joined(separator: "/"), url: file.htmlURL))
        }
        return (matches, assignments != nil || announcements != nil || files != nil)
    }

    /// One match: what it is, of which course, and where it is on the site.
    private static func match(
        _ kind: String, course: Course?, id: String, title: String, url: URL?, extra: [String: PrettyJSON.Value] = [:]
    ) -> PrettyJSON.Value {
        .object(extra.merging([
            "kind": .string(kind),
            "course_id": .string(course?.id.rawValue),
            "course_code": .string(course?.code),
            "id": .string(id),
            "title": .string(title),
            "url": .string(url?.absoluteString),
        ]) { _, own in own })
    }

    /// The `queue_status` tool: the upload queue's jobs and how many stand in each state.
    @Sendable static func runQueueStatus(_ arguments: MCPArguments, _ context: MCPContext) async throws -> MCPToolAnswer.Data {
        let jobs = try await context.environment.uploadQueue.jobs()
        var counts: [String: PrettyJSON.Value] = [:]
        for state in ["queued", "uploading", "waiting", "failed", "done", "damaged"] {
            counts[state] = .integer(Int64(jobs.count { $0.state.name == state }))
        }
        let names = await context.courseNames(jobs)
        return MCPToolAnswer.Data(.object(["counts": .object(counts), "jobs": QueueListing.value(jobs, courseNames: names)]), savedAt: nil)
    }
}
