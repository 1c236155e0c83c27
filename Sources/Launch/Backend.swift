import Canvas
import Catalog
import CourseKit
import FoundationEssentials
import HTTP
import Moodle
import UploadQueue

/// Where courses come from and uploads go: the sample, a catalog file, Canvas or Moodle.
enum Backend {
    /// The sample catalog or a catalog file: its course client as it is, without the hand-ins
    /// made on this machine; made once, for browsing and for numbering hand-ins alike.
    /// `isSample`: the built-in sample catalog, shown when nothing else is set up.
    case offline(catalog: CatalogClients, isSample: Bool = false)
    case canvas(URL, credentials: AccessCredentials)
    case moodle(URL, credentials: AccessCredentials)

    /// The backend `options` (or `CANVAS_URL` or `MOODLE_URL`, or the profile's saved login)
    /// choose; `clock` says which catalog courses are current. `whenSiteIsKnown` runs once the
    /// backend is known to be a site and before its token is resolved (a token command may
    /// take a while), so what a site needs can be set going beside it.
    static func choose(
        options: LaunchOptions, processEnvironment: [String: String], clock: WallClock, logins: LoginStore, whenSiteIsKnown: () -> Void = {}
    ) throws -> Backend {
        if let path = options.catalogPath { return .offline(catalog: .file(path, clock: clock)) }
        let profile = options.profile ?? .standard
        let given = try chosenSite(options: options, processEnvironment: processEnvironment)
        let tokenGiven = given.map { AccessToken.isGiven(options: options, environment: processEnvironment, kind: $0.kind) } ?? false
        // The saved login is read only when it has something left to give, so a script that
        // names its site and token never trips on it.
        let login = given != nil && tokenGiven ? nil : try logins.login(for: profile)
        guard let site = given ?? login.map({ (kind: $0.kind, url: $0.url) }) else {
            // Naming a profile asks for its site; only the default may fall back to the sample.
            if options.profile != nil { throw SetupError.noLogin(profile) }
            return .offline(catalog: .sample(clock: clock), isSample: true)
        }
        // A saved token goes only to the site it was saved for.
        if !tokenGiven, let login, login.url != site.url || login.kind != site.kind {
            throw SetupError.loginIsForAnotherSite(profile, saved: login.url, chosen: site.url, kind: site.kind)
        }
        whenSiteIsKnown()
        let credentials = try AccessToken.resolve(options: options, environment: processEnvironment, login: login, profile: profile, kind: site.kind)
        switch site.kind {
        case .canvas: return .canvas(site.url, credentials: credentials)
        case .moodle: return .moodle(site.url, credentials: credentials)
        }
    }

    /// What a queued job records, so it is only ever uploaded to the backend it was queued for.
    var identity: String {
        switch self {
        case .offline: return "offline"
        case let .canvas(url, _), let .moodle(url, _):
            // The base URL is normalized, so every spelling of one site names the same backend.
            let kind = kind?.rawValue ?? "canvas"
            guard let origin = WebOrigin(url) else { return "\(kind) \(url.absoluteString)" }
            return "\(kind) \(origin.scheme)://\(origin.displayHost)"
        }
    }

    /// The backend by a name that stays the same from run to run: the site's host, or which catalog.
    var name: String {
        switch self {
        case .offline(_, isSample: true): return "coursebrowser-sample"
        case .offline: return "coursebrowser-catalog"
        case let .canvas(url, _), let .moodle(url, _): return WebOrigin(url)?.displayHost ?? url.absoluteString
        }
    }

    /// What the screen's context says: the site, whom the saved login of that site is for,
    /// and a profile other than the default; the sample's pointer to `login`; the catalog file's name.
    func label(catalogPath: String?, profile: String?, saved: SavedLogin?) -> String {
        let user = saved.flatMap { $0.url == siteURL ? $0.userName.map { " · " + $0 } : nil } ?? ""
        let login = user + (profile.map { " · profile \($0)" } ?? "")
        switch self {
        case .offline(_, isSample: true): return "Sample courses · coursebrowser login shows yours"
        case .offline: return "Catalog · " + (catalogPath.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "file")
        case .canvas: return "Canvas · \(name)" + login
        case .moodle: return "Moodle · \(name)" + login
        }
    }

    /// The site's address; nil for the offline catalogs.
    var siteURL: URL? {
        switch self {
        case .offline: nil
        case let .canvas(url, _), let .moodle(url, _): url
        }
    }

    /// Which LMS it is; nil for the offline catalogs.
    var kind: SiteKind? {
        switch self {
        case .offline: return nil
        case .canvas: return .canvas
        case .moodle: return .moodle
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

    static func connection(_ url: URL, _ credentials: AccessCredentials, http: HTTPClient, environment: EnvironmentValues) -> CanvasConnection {
        CanvasConnection(
            baseURL: url, credentials: credentials, http: http, clock: environment.clock, analytics: environment.analytics,
            rateBudget: environment.rateBudget
        )
    }

    static func moodleConnection(
        _ url: URL, _ credentials: AccessCredentials, http: HTTPClient, environment: EnvironmentValues, knownUser: String? = nil
    ) -> MoodleConnection {
        MoodleConnection(
            siteURL: url, credentials: credentials, http: http, clock: environment.clock, analytics: environment.analytics,
            knownUserID: knownUser.flatMap { Int($0) }
        )
    }

    /// Every client of the backend, reaching the network through `http`; `knownUser` is the
    /// token's user as an earlier run learned it, if it did.
    func clients(http: HTTPClient, environment: EnvironmentValues, knownUser: String? = nil) -> BackendClients {
        switch self {
        case let .offline(catalog, _): return .offline(catalog, environment: environment)
        case let .canvas(url, credentials): return .canvas(Self.connection(url, credentials, http: http, environment: environment))
        case let .moodle(url, credentials):
            return .moodle(Self.moodleConnection(url, credentials, http: http, environment: environment, knownUser: knownUser))
        }
    }

    /// The site `--canvas`, `--moodle`, `CANVAS_URL`, `MOODLE_URL` or a `--course` address names,
    /// options before the environment; nil when none does.
    private static func chosenSite(options: LaunchOptions, processEnvironment: [String: String]) throws -> (kind: SiteKind, url: URL)? {
        if let url = options.moodleURL { return (.moodle, url) }
        if options.canvasURL != nil || options.courseLinkBase != nil {
            return try canvasURL(options: options, processEnvironment: processEnvironment).map { (.canvas, $0) }
        }
        let canvas = try canvasURL(options: options, processEnvironment: processEnvironment)
        let moodle = try processEnvironment[SiteKind.moodle.urlVariable].flatMap(\.nonBlank).map { text throws(UsageError) in
            try LaunchOptions.moodleURL(text, name: SiteKind.moodle.urlVariable)
        }
        if canvas != nil, moodle != nil {
            throw UsageError("CANVAS_URL and MOODLE_URL are both set and choose different sites; give --canvas URL or --moodle URL")
        }
        return canvas.map { (.canvas, $0) } ?? moodle.map { (.moodle, $0) }
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
