import Canvas
import Catalog
import CourseKit
import FoundationEssentials
import Moodle
import UploadQueue

/// Every client one backend gives, made together so that the clients of one site share what
/// they may (a Moodle connection shares a course's contents between its modules and its files).
struct BackendClients: Sendable {
    var courses: CourseClient
    var planner: PlannerClient
    var announcements: AnnouncementClient
    /// A backend that keeps no discussions here has none to show.
    var discussions: DiscussionClient = .noOp
    var grades: GradesClient
    var files: FileClient
    var uploads: UploadTransport
    var submissions: SubmissionTransport
    var downloads: DownloadTransport
    var plannerWrites: PlannerWriteTransport = .unimplemented
    var discussionWrites: DiscussionWriteTransport = .unimplemented
    var capabilities: BackendCapabilities
    /// A cheap request that succeeds when the site answers again; nil for the offline backends.
    var probe: (@Sendable () async -> Bool)?
}

extension BackendClients {
    /// A catalog's, with what was handed in on this machine kept in `environment`'s data directory.
    static func offline(_ catalog: CatalogClients, environment: EnvironmentValues) -> BackendClients {
        let submitted = LocalSubmissions(directory: environment.paths.dataDirectory, clock: environment.clock)
        let courses = catalog.courses.showing(submitted)
        return BackendClients(
            courses: courses,
            planner: .catalog(courses),
            announcements: catalog.announcements,
            grades: .oneGroup(of: courses),
            files: catalog.files,
            uploads: .local(directory: environment.paths.dataDirectory),
            submissions: .local(submitted) { course, assignment in
                let listed = try? await catalog.courses.assignments(course, .ignored)
                return listed?.first { $0.id == assignment }?.submission?.attempt ?? 0
            },
            downloads: catalog.downloads,
            capabilities: .catalog,
            probe: nil
        )
    }

    /// Canvas's, every one through `connection`.
    static func canvas(_ connection: CanvasConnection) -> BackendClients {
        BackendClients(
            courses: .canvas(connection),
            planner: .canvas(connection),
            announcements: .canvas(connection),
            discussions: .canvas(connection),
            grades: .canvas(connection),
            files: .canvas(connection),
            uploads: .canvas(connection),
            submissions: .canvas(connection),
            downloads: .canvas(connection),
            plannerWrites: .canvas(connection),
            discussionWrites: .canvas(connection),
            capabilities: .canvas,
            probe: CanvasProbe.make(
                baseURL: connection.baseURL, credentials: connection.credentials, http: connection.http, clock: connection.clock
            )
        )
    }

    /// A Moodle site's, every one through `connection`, sharing what they ask.
    static func moodle(_ connection: MoodleConnection) -> BackendClients {
        BackendClients(
            courses: .moodle(connection),
            planner: .moodle(connection),
            announcements: .moodle(connection),
            discussions: .moodle(connection),
            grades: .moodle(connection),
            files: .moodle(connection),
            uploads: .moodle,
            submissions: .moodle(connection),
            downloads: .moodle(connection),
            discussionWrites: .moodle(connection),
            capabilities: .moodle,
            probe: MoodleProbe.make(connection)
        )
    }
}
