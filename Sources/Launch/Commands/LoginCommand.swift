import Canvas
import CourseKit
import FoundationEssentials
import HTTP
import TextBasics

/// `coursebrowser login [URL]`, `coursebrowser login --moodle URL` and `coursebrowser logout`: the saved login of a profile.
@MainActor
package enum LoginCommand {
    /// Asks for what the command line left out, checks it with Canvas, and saves it only if
    /// Canvas accepts it; exits 1 with one line on stderr otherwise, saving nothing.
    package static func login(url given: URL?, options: LaunchOptions, store: LoginStore, environment: [String: String]) async -> Int32 {
        if let site = options.moodleURL {
            return await loginMoodle(site: site, options: options, store: store, environment: environment)
        }
        let profile = options.profile ?? .standard
        var input = PromptInput()
        do {
            let url = try given ?? askURL(&input)
            let host = WebOrigin(url)?.displayHost ?? url.absoluteString
            let (token, command) = try token(for: url, options: options, input: &input, environment: environment)
            let user = try await LoginCheck.userName(
                at: url, token: token, requestTimeoutSeconds: options.requestTimeoutSeconds,
                caBundle: HTTPEngine.caBundle(in: environment)
            )
            let login = SavedLogin(canvasURL: url, token: command == nil ? token : nil, tokenCommand: command, userName: user)
            try store.save(login, for: profile)
            let named = profile.isStandard ? "" : " (profile \(profile))"
            let kept = command == nil ? "the token" : "the token command (not its token)"
            StandardStream.output.write("Logged in to \(host) as \(user)\(named)\nSaved \(kept) in \(store.file(for: profile).path)\n")
            return 0
        } catch {
            StandardStream.error.write("coursebrowser: \(userMessage(for: error))\n")
            return 1
        }
    }

    /// Forgets the profile's login and says where it was kept.
    package static func logout(options: LaunchOptions, store: LoginStore) -> Int32 {
        let profile = options.profile ?? .standard
        let path = store.file(for: profile).path
        let saved = try? store.login(for: profile)
        do {
            guard try store.remove(profile) else {
                StandardStream.output.write("Profile \(profile) has no saved login (nothing at \(path))\n")
                return 0
            }
        } catch {
            StandardStream.error.write("coursebrowser: \(userMessage(for: error))\n")
            return 1
        }
        let host = saved.flatMap { WebOrigin($0.url)?.displayHost }.map { " of \($0)" } ?? ""
        let what = saved?.tokenCommand != nil ? "the login (its token command keeps the token)" : "the token"
        StandardStream.output.write("Logged out\(host) (profile \(profile)): forgot \(what) saved in \(path)\n")
        return 0
    }

    private static func askURL(_ input: inout PromptInput) throws -> URL {
        guard let text = input.line("Canvas URL (like https://school.instructure.com): ")?.nonBlank else {
            throw LoginInputError("login needs the Canvas URL: give it as coursebrowser login URL")
        }
        // People copy a host from the address bar as often as a whole URL.
        return try LaunchOptions.canvasURL(text.contains("://") ? text : "https://" + text, name: "login")
    }

    /// The token and, with `--token-command`, the command that printed it (saved in its place).
    private static func token(
        for url: URL, options: LaunchOptions, input: inout PromptInput, environment: [String: String]
    ) throws -> (token: String, command: String?) {
        if let command = options.tokenCommand {
            let token = try TokenCommand.token(from: command, environment: environment)
            try AccessToken.check(token, from: "--token-command")
            return (token, command)
        }
        if input.isTerminal {
            StandardStream.error.write("Make one in Canvas under Account → Settings → New Access Token (\(url.absoluteString)/profile/settings).\n")
        }
        guard let token = input.line("Access token: ", secret: true)?.trimming(.whitespacesAndNewlines).nonBlank else {
            throw LoginInputError("login needs an access token; nothing was saved")
        }
        try AccessToken.check(token, from: input.isTerminal ? "the prompt" : "standard input")
        return (token, nil)
    }
}

/// Input `login` can't go on without.
struct LoginInputError: UserFacingError {
    let userMessage: String

    init(_ message: String) {
        userMessage = message
    }
}
