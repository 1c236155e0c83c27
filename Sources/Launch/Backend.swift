import Canvas
import Catalog
import CourseKit
import FoundationEssentials
import HTTP
import UploadQueue

/// Where courses come from and uploads go: the sample, a catalog file, or Canvas.
enum Backend {
    /// The sample catalog or a catalog file: its course client as it is, without the hand-ins
    /// made on this machine; made once, for browsing and for numbering hand-ins alike.
    /// `isSample`: the built-in sample catalog, shown when nothing else is set up.
    case offline(catalog: CatalogClients, isSample: Bool = false)
    case canvas(URL, credentials: CanvasCredentials)

    /// The backend `options` (or `CANVAS_URL`, or the profile's saved login) choose; `clock`
    /// says which catalog courses are current.
    static func choose(options: LaunchOptions, processEnvironment: [String: String], clock: WallClock, logins: LoginStore) throws -> Backend {
        if let path = options.catalogPath { return .offline(catalog: .file(path, clock: clock)) }
        let profile = options.profile ?? .standard
        let given = try canvasURL(options: options, processEnvironment: processEnvironment)
        let tokenGiven = CanvasToken.isGiven(options: options, environment: processEnvironment)
        // The saved login is read only when it has something left to give, so a script that
        // names its Canvas and token never trips on it.
        let login = given != nil && tokenGiven ? nil : try logins.login(for: profile)
        guard let baseURL = given ?? login?.canvasURL else {
            // Naming a profile asks for its Canvas; only the default may fall back to the sample.
            if options.profile != nil { throw CanvasSetupError.noLogin(profile) }
            return .offline(catalog: .sample(clock: clock), isSample: true)
        }
        // A saved token goes only to the Canvas it was saved for.
        if !tokenGiven, let login, login.canvasURL != baseURL {
            throw CanvasSetupError.loginIsForAnotherCanvas(profile, saved: login.canvasURL, chosen: baseURL)
        }
        let credentials = try CanvasToken.resolve(options: options, environment: processEnvironment, login: login, profile: profile)
        return .canvas(baseURL, credentials: credentials)
    }

    /// What a queued job records, so it is only ever uploaded to the backend it was queued for.
    var identity: String {
        switch self {
        case .offline: return "offline"
        case let .canvas(url, _):
            // The base URL is normalized, so every spelling of one Canvas names the same backend.
            guard let origin = CanvasOrigin(url) else { return "canvas \(url.absoluteString)" }
            return "canvas \(origin.scheme)://\(origin.displayHost)"
        }
    }

    /// The backend by a name that stays the same from run to run: the Canvas host, or which catalog.
    var name: String {
        switch self {
        case .offline(_, isSample: true): return "coursebrowser-sample"
        case .offline: return "coursebrowser-catalog"
        case let .canvas(url, _): return CanvasOrigin(url)?.displayHost ?? url.absoluteString
        }
    }

    func http(options: LaunchOptions, engine: HTTPEngine) -> HTTPClient {
        .curl(engine, timeouts: HTTPTimeouts(request: .seconds(options.requestTimeoutSeconds ?? 30)))
    }

    /// The upload engine's client keeps the standard limits whatever `--request-timeout` says,
    /// so an upload always gets 30 s in which nothing moves before it gives up, however long
    /// the whole file takes (its `upload` counts silence, not total time).
    func uploadHTTP(engine: HTTPEngine) -> HTTPClient {
        .curl(engine, timeouts: .standard)
    }

    static func connection(_ url: URL, _ credentials: CanvasCredentials, http: HTTPClient, environment: EnvironmentValues) -> CanvasConnection {
        CanvasConnection(
            baseURL: url, credentials: credentials, http: http, clock: environment.clock, analytics: environment.analytics,
            rateBudget: environment.rateBudget
        )
    }

    /// What the panes browse: the catalog with what was handed in here, or Canvas.
    func courseClient(http: HTTPClient, environment: EnvironmentValues) -> CourseClient {
        switch self {
        case let .offline(catalog, _): return catalog.courses.showing(Self.localSubmissions(environment))
        case let .canvas(url, credentials): return .canvas(Self.connection(url, credentials, http: http, environment: environment))
        }
    }

    /// A course's announcements: the catalog's, marked read in memory only, or Canvas's.
    func announcements(http: HTTPClient, environment: EnvironmentValues) -> AnnouncementClient {
        switch self {
        case let .offline(catalog, _): return catalog.announcements
        case let .canvas(url, credentials): return .canvas(Self.connection(url, credentials, http: http, environment: environment))
        }
    }

    /// What is due across courses: the catalog's assignments, with what was handed in here, or Canvas's planner.
    func planner(http: HTTPClient, environment: EnvironmentValues) -> PlannerClient {
        switch self {
        case .offline: return .catalog(courseClient(http: http, environment: environment))
        case let .canvas(url, credentials): return .canvas(Self.connection(url, credentials, http: http, environment: environment))
        }
    }

    func submissionTransport(http: HTTPClient, environment: EnvironmentValues) -> SubmissionTransport {
        switch self {
        case let .offline(catalog, _):
            return .local(Self.localSubmissions(environment)) { course, assignment in
                let listed = try? await catalog.courses.assignments(course, .ignored)
                return listed?.first { $0.id == assignment }?.submission?.attempt ?? 0
            }
        case let .canvas(url, credentials):
            return .canvas(Self.connection(url, credentials, http: http, environment: environment))
        }
    }

    /// Where the offline backends keep what was handed in: `<data-dir>/submissions/`.
    private static func localSubmissions(_ environment: EnvironmentValues) -> LocalSubmissions {
        LocalSubmissions(directory: environment.paths.dataDirectory, clock: environment.clock)
    }

    func transport(http: HTTPClient, environment: EnvironmentValues) -> UploadTransport {
        switch self {
        case .offline: return .local(directory: environment.paths.dataDirectory)
        case let .canvas(url, credentials):
            return .canvas(Self.connection(url, credentials, http: http, environment: environment))
        }
    }

    /// A cheap request that succeeds when Canvas answers again; offline backends need none.
    func probe(http: HTTPClient, environment: EnvironmentValues) -> (@Sendable () async -> Bool)? {
        guard case let .canvas(url, credentials) = self else { return nil }
        return CanvasProbe.make(baseURL: url, credentials: credentials, http: http, clock: environment.clock)
    }

    /// `--canvas`, else `CANVAS_URL`, else the Canvas a `--course` address names. An address
    /// on another Canvas than the one given is refused: the token is for that one, and the
    /// course ID would name another course there.
    private static func canvasURL(options: LaunchOptions, processEnvironment: [String: String]) throws -> URL? {
        var given = options.canvasURL
        var source = "--canvas"
        if given == nil, let text = processEnvironment["CANVAS_URL"], !text.isEmpty {
            given = try LaunchOptions.canvasURL(text, name: "CANVAS_URL")
            source = "CANVAS_URL"
        }
        guard let link = options.courseLinkBase else { return given }
        if let given, given != link {
            throw UsageError("--course names a course on \(link.absoluteString), but the Canvas is \(given.absoluteString) (from \(source)); give that Canvas's course address or its ID")
        }
        return link
    }
}
