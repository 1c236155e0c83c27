import CourseKit
import FoundationEssentials
import HTTP
import Moodle
import TextBasics

extension LoginCommand {
    /// `login --moodle URL`: asks the site how it wants to be logged in to, gets a token that way
    /// (username and password, or single sign-on in a browser, or a token pasted), checks it with
    /// the site and saves it, never the password; exits 1 with one line on stderr otherwise, saving nothing.
    static func loginMoodle(site given: URL, options: LaunchOptions, store: LoginStore, environment: [String: String]) async -> Int32 {
        let profile = options.profile ?? .standard
        var input = PromptInput()
        let engine = HTTPEngine(caBundle: HTTPEngine.caBundle(in: environment))
        // Left before the command exits, so no thread is inside libcurl then.
        defer { engine.shutDown() }
        let http = HTTPClient.curl(engine, timeouts: HTTPTimeouts(request: .seconds(options.requestTimeoutSeconds ?? 30)))
        do {
            let config = try await reach(given) { try await MoodleSite.config(of: given, http: http) }
            let site = try siteAddress(config.siteURL, given: given)
            let (token, command) = try await moodleToken(config, site: site, options: options, input: &input, environment: environment, http: http)
            let account = try await checked(token, at: site, http: http)
            let login = SavedLogin(kind: .moodle, url: site, token: command == nil ? token : nil, tokenCommand: command, userName: account.fullName)
            try store.save(login, for: profile)
            let named = profile.isStandard ? "" : " (profile \(profile))"
            let kept = command == nil ? "the token" : "the token command (not its token)"
            let host = WebOrigin(site)?.displayHost ?? site.absoluteString
            StandardStream.output.write("Logged in to Moodle at \(host) (\(account.siteName)) as \(account.fullName)\(named)\nSaved \(kept) in \(store.file(for: profile).path)\n")
            return 0
        } catch {
            StandardStream.error.write("coursebrowser: \(userMessage(for: error))\n")
            return 1
        }
    }

    /// Runs `ask`, saying a site that can't be reached in the words `login` uses for it.
    private static func reach<Value>(_ site: URL, _ ask: () async throws -> Value) async throws -> Value {
        do {
            return try await ask()
        } catch let error as NetworkError {
            if case .unreachable = error { throw LoginInputError("Can't reach \(site.absoluteString); check the URL and the network") }
            throw error
        }
    }

    /// The address the site gives itself, where it is the one the student named (a site under a
    /// path, or http moved to https); a site that names another host is refused.
    private static func siteAddress(_ root: URL, given: URL) throws -> URL {
        let site = try LaunchOptions.moodleURL(root.absoluteString, name: "the site's own address")
        guard WebOrigin(site)?.host == WebOrigin(given)?.host else {
            throw MoodleLoginError.otherAddress(given: given.absoluteString, site: site.absoluteString)
        }
        return site
    }

    /// The token, and with `--token-command` the command that printed it (saved in its place).
    private static func moodleToken(
        _ config: MoodleSite.Config, site: URL, options: LaunchOptions, input: inout PromptInput, environment: [String: String], http: HTTPClient
    ) async throws -> (token: String, command: String?) {
        if let command = options.tokenCommand {
            let token = try TokenCommand.token(from: command, environment: environment)
            try AccessToken.check(token, from: "--token-command")
            return (token, command)
        }
        let token: String
        switch config.login {
        case .password:
            token = try await passwordToken(config, site: site, input: &input, http: http)
        case .browser:
            token = try browserToken(config, site: site, input: &input)
        }
        try AccessToken.check(token, from: input.isTerminal ? "the prompt" : "standard input")
        return (token, nil)
    }

    /// Asks for the username and password (this never echoed, never kept) and trades them for a
    /// token with `login/token.php`; an empty username asks for a token to paste instead.
    private static func passwordToken(_ config: MoodleSite.Config, site: URL, input: inout PromptInput, http: HTTPClient) async throws -> String {
        if input.isTerminal {
            StandardStream.error.write("Log in to \(config.name) with your username and password (Enter alone to paste a token instead).\n")
        }
        guard let username = input.line("Username: ")?.trimming(.whitespaces).nonBlank else {
            return try pastedToken(site: site, passport: nil, input: &input)
        }
        guard let password = input.line("Password: ", secret: true), !password.isEmpty else {
            throw LoginInputError("login needs the password; nothing was saved")
        }
        return try await MoodleSite.token(at: site, username: username, password: password, http: http)
    }

    /// Shows the launch address to open in a browser where the student is signed in, and takes
    /// back the `moodlemobile://token=…` address it ends at (or a token).
    private static func browserToken(_ config: MoodleSite.Config, site: URL, input: inout PromptInput) throws -> String {
        let passport = MoodleLaunch.passport()
        let via = config.identityProviders.isEmpty ? "" : " (\(config.identityProviders.joined(separator: ", ")))"
        StandardStream.error.write(
            "\(config.name) signs you in through its web page\(via). Open this address in a browser where you can sign in:\n\n"
                + "  \(MoodleLaunch.url(site: site, passport: passport).absoluteString)\n\n"
                + "It ends at an address starting with moodlemobile://token= that the browser can't open; copy that address\n"
                + "(from the address bar, or the browser's message) and paste it here. A token from Moodle's Preferences →\n"
                + "Security keys (\"Moodle mobile web service\") works too.\n"
        )
        return try pastedToken(site: site, passport: passport, input: &input)
    }

    private static func pastedToken(site: URL, passport: String?, input: inout PromptInput) throws -> String {
        let prompt = passport == nil ? "Token (from Preferences → Security keys): " : "Address or token: "
        guard let pasted = input.line(prompt, secret: true)?.nonBlank else {
            throw LoginInputError("login needs a token; nothing was saved")
        }
        return try MoodleLaunch.token(fromPasted: pasted, site: site, passport: passport ?? "")
    }

    /// Who `token` belongs to on the site; a token the site refuses is said as `login` says it.
    private static func checked(_ token: String, at site: URL, http: HTTPClient) async throws -> MoodleSite.Account {
        let connection = MoodleConnection(siteURL: site, credentials: AccessCredentials(token: token, source: "login"), http: http, clock: .live, analytics: .noOp)
        do {
            return try await reach(site) { try await MoodleSite.account(connection) }
        } catch MoodleError.invalidToken {
            let host = WebOrigin(site)?.displayHost ?? site.absoluteString
            throw LoginInputError("\(host) rejected the token: it is wrong, expired or revoked. Make a new one in Moodle under Preferences → Security keys")
        }
    }
}
