import CourseKit
import FoundationEssentials
import Canvas
import HTTP
import Moodle
import SavedCopies
import TerminalUI
import UploadQueue

/// Builds the one live environment the app and the queue commands run with.
public enum LiveEnvironment {
    /// The environment plus the upload engine that works the queue behind it.
    public struct Services: Sendable {
        public var environment: EnvironmentValues
        public var engine: UploadEngine
        /// `--offline`: nothing is sent, so the queue is not worked either.
        var sendsNothing = false
        /// The backend by a name that stays the same from run to run, for identifiers made
        /// from it (a calendar's event UIDs): the site's host, `coursebrowser-sample` or `coursebrowser-catalog`.
        var backendName = "coursebrowser-sample"
        /// Where the site's answers are saved, when they are.
        var savedCopyStore: SavedCopyStore?
        /// Where downloads go: `<this>/coursebrowser/<course>/…`.
        var downloadDirectory = URL(fileURLWithPath: "/nonexistent")
        /// Where Canvas's last reading of the rate budget is kept, for a Canvas backend.
        var rateReadings: RateReadingFile?
        /// The site the commands talk to (through the process's rate budget, for Canvas); nil for the sample or a catalog.
        var account: SiteAccount?
        /// Whose saved copies are read and written, for a site whose answers are saved.
        var savedCopyAccounts: SavedCopyAccounts?
        /// How the student's editor gets the terminal while the panes own it: for the event loop.
        public var terminalHandover: TerminalHandover
        /// The one HTTP engine every client of the run sends through; stopped before the process exits.
        var network: HTTPEngine?
        /// Where Canvas's answers are kept to ask whether they changed, when they are.
        var validators: ValidatorStore?

        /// Starts working the queue in the background for as long as the process runs:
        /// what the app does while it shows the panes.
        public func startUploading() {
            guard !sendsNothing else { return }
            let engine = engine
            Task.detached { await engine.run() }
        }

        /// Asks the site whose token this is now, beside the command's first requests, when no
        /// earlier run learned it and answers are to be saved: they are saved under that account,
        /// and asked only when the first of them arrives, the question is one more round trip
        /// before the process may exit (`prepareToExit` waits for the copy).
        func learnAccountAhead() {
            guard !sendsNothing, let accounts = savedCopyAccounts, accounts.remembered == nil else { return }
            Task { _ = await accounts.current() }
        }

        /// Call last, before the process exits: waits up to a second for saved copies and kept
        /// answers still being written (the record of what was seen and of what was told are
        /// among them), writes the last rate budget reading, and stops the HTTP engine's thread,
        /// so no thread is inside libcurl while `exit` tears the process down.
        public func prepareToExit() {
            savedCopyStore?.settle(within: 1)
            _ = validators?.settle(1)
            rateReadings?.flush()
            network?.shutDown()
        }
    }

    /// Starts opening libcurl now when the command line or the environment names the site the
    /// run asks at once: call it first thing in `main`, before the options are parsed.
    public static func openNetworkEarly() {
        HTTPEngine.openEarly()
    }

    /// Every real dependency, chosen by `options`; throws when something named on the command line can't be used.
    public static func make(options: LaunchOptions, processEnvironment: [String: String]) throws -> Services {
        var environment = EnvironmentValues()
        environment.clock = .live
        let profile = options.profile.flatMap { $0.isStandard ? nil : $0.text }
        environment.paths = .live(environment: processEnvironment, dataDirectory: options.dataDirectory, profile: profile)
        environment.notifier = .terminal(processEnvironment: processEnvironment)
        // Kept on disk only beside a site account's saved copies, below; a catalog's lasts the run.
        environment.notificationLog = .inMemory()
        environment.webBrowser = .live(environment: processEnvironment)
        environment.clipboard = .terminal
        let handover = TerminalHandover()
        environment.textEditor = .live(environment: processEnvironment, handover: handover)
        environment.settings = .file(in: environment.paths.configDirectory)
        if let path = options.eventLogPath {
            environment.analytics = try Analytics.eventLog(path: path, clock: environment.clock)
        }
        let logins = LoginStore(directory: environment.paths.configDirectory)
        // One HTTP engine (one thread, one connection pool) serves browsing and uploads alike.
        let network = HTTPEngine(caBundle: HTTPEngine.caBundle(in: processEnvironment))
        let backend: Backend
        do {
            backend = try Backend.choose(options: options, processEnvironment: processEnvironment, clock: environment.clock, logins: logins) {
                if !options.offline, goesOnlineAtOnce(options.command) { network.prepare() }
            }
        } catch {
            // libcurl may be opening on a thread of its own by now (the site was known before its
            // token turned out missing): the process exits next, and must not meet it half-open.
            network.shutDown()
            throw error
        }
        let saved = try? logins.login(for: options.profile ?? .standard)
        environment.siteLabel = backend.label(catalogPath: options.catalogPath, profile: profile, saved: saved ?? nil)
        var rateReadings: RateReadingFile?
        if case let .canvas(url, _) = backend {
            let file = RateReadingFile(directory: environment.paths.dataDirectory, clock: environment.clock)
            let host = WebOrigin(url)?.displayHost ?? url.absoluteString
            environment.rateBudget = .live(makeBudget(options: options, processEnvironment: processEnvironment, clock: environment.clock, file: file, host: host))
            rateReadings = file
        }
        let store = UploadStore(directory: environment.paths.dataDirectory, clock: environment.clock)
        let engine = makeEngine(backend: backend, store: store, environment: environment, network: network)
        var http = backend.http(options: options, engine: network)
        var validators: ValidatorStore?
        if case .canvas = backend, !options.noCache {
            // Beside the saved copies: an answer Canvas confirms unchanged costs no body.
            let store = ValidatorStore.directory(environment.paths.cacheDirectory.appendingPathComponent("http"))
            http = http.revalidating(store)
            validators = store
        }
        http = http.observingSuccess { Task { await engine.backendAnswered() } }
        let account = Self.account(of: backend, http: http, environment: environment)
        let savedCopies = account == nil || options.noCache ? nil : SavedCopyStore(directory: environment.paths.cacheDirectory, clock: environment.clock)
        let knownUser = account.flatMap { account in savedCopies?.knownUser(origin: account.url.absoluteString, token: account.credentials.token) }
        let clients = backend.clients(http: http, environment: environment, knownUser: knownUser)
        environment.courseClient = clients.courses
        environment.planner = clients.planner
        environment.seen = .inMemory()
        environment.announcements = clients.announcements
        environment.discussions = clients.discussions
        environment.grades = clients.grades
        environment.fileClient = clients.files
        environment.capabilities = clients.capabilities
        var accounts: SavedCopyAccounts?
        if let account, let savedCopies {
            accounts = keepSavedCopies(of: account, in: savedCopies, offline: options.offline, environment: &environment)
        }
        let downloadDirectory = DownloadPlace.downloadDirectory(
            explicit: options.downloadDirectory, environment: processEnvironment, home: environment.paths.homeDirectory
        )
        environment.uploadQueue = .live(store: store, engine: engine, backend: backend.identity, downloadDirectory: downloadDirectory)
        return Services(
            environment: environment, engine: engine, sendsNothing: options.offline, backendName: backend.name, savedCopyStore: savedCopies,
            downloadDirectory: downloadDirectory, rateReadings: rateReadings, account: account, savedCopyAccounts: accounts,
            terminalHandover: handover, network: network, validators: validators
        )
    }

    /// Whether `command` sends its first request as soon as it starts: the app, and the commands
    /// that ask the site. `upload`, `submit` and `queue` only touch the queue on disk, so they
    /// leave libcurl unopened; so does `drain` until it has something to send, as a `drain` with
    /// nothing queued exited while libcurl was still opening and crashed one time in five.
    private static func goesOnlineAtOnce(_ command: LaunchOptions.Command) -> Bool {
        switch command {
        case .browse, .courses, .course, .grades, .due, .calendar, .sync, .status, .mcp: return true
        case .drain, .upload, .submit, .queue, .login, .logout, .completions, .manPage: return false
        }
    }

    /// The account of the site `backend` logs in to, through `http`; nil for the offline backends.
    private static func account(of backend: Backend, http: HTTPClient, environment: EnvironmentValues) -> SiteAccount? {
        switch backend {
        case .offline: return nil
        case let .canvas(url, credentials): return .canvas(Backend.connection(url, credentials, http: http, environment: environment))
        case let .moodle(url, credentials): return .moodle(Backend.moodleConnection(url, credentials, http: http, environment: environment))
        }
    }

    /// The one rate budget of this process, starting from the reading an earlier run kept of
    /// the same Canvas (`host`); everything `sync` and `mcp` send is background work, which
    /// leaves the budget's reserve to the app: neither a sync nor an assistant's burst of
    /// questions can cost the person at the keys a 403.
    private static func makeBudget(
        options: LaunchOptions, processEnvironment: [String: String], clock: WallClock, file: RateReadingFile, host: String
    ) -> RateBudget {
        var allBackground = false
        if case .sync = options.command { allBackground = true }
        if case .mcp = options.command { allBackground = true }
        let saved = file.read().flatMap { $0.host == host ? $0 : nil }
        return RateBudget(
            policy: .given(by: processEnvironment), clock: clock, allBackground: allBackground, saved: saved, onReading: file.note
        )
    }

    /// Shows what `store` saved of this site and user at once, and saves every answer there from
    /// now on; with `offline`, asks the site nothing at all.
    private static func keepSavedCopies(
        of account: SiteAccount, in store: SavedCopyStore, offline: Bool, environment: inout EnvironmentValues
    ) -> SavedCopyAccounts {
        let accounts = SavedCopyAccounts(origin: account.url.absoluteString, store: store, account: account)
        // Read through the account as it is then: known at start, or learned from the site
        // later, when the copies saved since are shown too.
        environment.savedCopies = .store(store) { accounts.remembered }
        environment.notificationLog = .store(store) { accounts.remembered }
        environment.courseClient = offline ? .offline : environment.courseClient.saving(to: store) { await accounts.current() }
        environment.planner = (offline ? .offline : environment.planner.saving(to: store) { await accounts.current() })
            .fittedToCourses(from: environment.savedCopies, now: environment.clock.now)
        // Offline, an account not known already is not asked of the site: what is seen is only not kept.
        environment.seen = .store(store, remembered: { accounts.remembered }) { offline ? accounts.remembered : await accounts.current() }
        environment.announcements = offline ? .offline : environment.announcements.saving(to: store) { await accounts.current() }
        environment.grades = offline ? .offline : environment.grades.saving(to: store) { await accounts.current() }
        environment.discussions = offline ? .offline : environment.discussions.saving(to: store) { await accounts.current() }
        environment.fileClient = offline ? .offline : environment.fileClient.saving(to: store) { await accounts.current() }
        return accounts
    }

    private static func makeEngine(backend: Backend, store: UploadStore, environment: EnvironmentValues, network: HTTPEngine) -> UploadEngine {
        let clients = backend.clients(http: backend.uploadHTTP(engine: network), environment: environment)
        return UploadEngine(
            store: store,
            transport: clients.uploads,
            submissions: clients.submissions,
            downloads: clients.downloads,
            plannerWrites: clients.plannerWrites,
            discussionWrites: clients.discussionWrites,
            clock: environment.clock,
            backend: backend.identity,
            probe: clients.probe
        )
    }
}
