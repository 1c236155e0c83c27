import CourseKit
import FoundationEssentials

extension WebBrowser {
    /// How long a command may take to fail before it counts as having opened the page.
    static let failureWindow: TimeInterval = 1

    /// `$BROWSER` if set (a `:`-separated list of commands, the first that starts wins; `%s`
    /// stands for the address, else it goes last), else `xdg-open` where there is a display
    /// (`DISPLAY` or `WAYLAND_DISPLAY`); over ssh without one, `.noDisplay`. A local file (a
    /// downloaded course file) goes to `xdg-open` alone, the desktop's opener for its type, not
    /// to the browser.
    ///
    /// The command runs as a `ChildProcess`, away from the terminal the app draws on (so a
    /// terminal browser such as w3m fails, and says so) and without the Canvas token. One
    /// that fails within a second is reported as failed.
    static func live(environment: [String: String]) -> WebBrowser {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return WebBrowser { url in
            if !url.isFileURL, let browser = environment["BROWSER"]?.nonBlank {
                var failure = "BROWSER (\(browser)) could not be started"
                for entry in browser.split(separator: ":") {
                    var words = entry.split(separator: " ").map(String.init)
                    guard !words.isEmpty else { continue }
                    if words.contains(where: { $0.contains("%s") }) {
                        words = words.map { $0.replacing("%s", with: url.absoluteString) }
                    } else {
                        words.append(url.absoluteString)
                    }
                    switch await run(words, path: path, environment: environment) {
                    case .opened: return .opened
                    case let .failed(reason): failure = reason
                    case .noDisplay: break
                    }
                }
                return .failed(failure)
            }
            let hasDisplay = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { $0?.nonBlank != nil }
            guard hasDisplay else { return .noDisplay }
            let target = url.isFileURL ? url.path : url.absoluteString
            return await run(["xdg-open", target], path: path, environment: environment, missing: "xdg-open is not installed (install xdg-utils)")
        }
    }

    /// Starts `words` (a program and its arguments) and waits up to `failureWindow` for it to fail.
    private static func run(_ words: [String], path: String, environment: [String: String], missing: String? = nil) async -> Outcome {
        guard let program = words.first, let executable = ChildProcess.locate(program, path: path) else {
            return .failed(missing ?? "\(words.first ?? "the browser") is not installed")
        }
        guard let pid = await ChildProcess.start(executable, words, environment: environment) else {
            return .failed("\(program) could not be started")
        }
        switch await ChildProcess.watch(pid, for: failureWindow) {
        case .running, .exited(status: 0): return .opened
        case let .exited(status): return .failed("\(program) exited with status \(status)")
        case let .killed(signal): return .failed("\(program) was stopped by signal \(signal)")
        }
    }
}
