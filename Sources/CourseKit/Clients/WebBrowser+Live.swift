import Foundation

extension WebBrowser {
    /// `$BROWSER` if set (a `:`-separated list of commands, the first that starts wins; `%s`
    /// stands for the address, else it goes last), else `xdg-open` where there is a display
    /// (`DISPLAY` or `WAYLAND_DISPLAY`); over ssh without one, `.noDisplay`.
    ///
    /// The command gets no terminal: its input and output are /dev/null, so nothing it says
    /// lands on the screen the app draws.
    public static func live(environment: [String: String]) -> WebBrowser {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return WebBrowser { url in
            if let browser = environment["BROWSER"]?.nonBlank {
                for entry in browser.split(separator: ":") {
                    var words = entry.split(separator: " ").map(String.init)
                    guard !words.isEmpty else { continue }
                    if words.contains(where: { $0.contains("%s") }) {
                        words = words.map { $0.replacingOccurrences(of: "%s", with: url.absoluteString) }
                    } else {
                        words.append(url.absoluteString)
                    }
                    if start(words, path: path) { return .opened }
                }
                return .failed("BROWSER (\(browser)) could not be started")
            }
            let hasDisplay = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { $0?.nonBlank != nil }
            guard hasDisplay else { return .noDisplay }
            return start(["xdg-open", url.absoluteString], path: path) ? .opened : .failed("xdg-open could not be started (install xdg-utils)")
        }
    }

    /// Starts `words` (a program and its arguments) in the background; false when it can't start.
    private static func start(_ words: [String], path: String) -> Bool {
        guard let program = words.first, let executable = locate(program, path: path) else { return false }
        let process = Process()
        process.executableURL = executable
        process.arguments = Array(words.dropFirst())
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return (try? process.run()) != nil
    }

    private static func locate(_ program: String, path: String) -> URL? {
        if program.contains("/") {
            return FileManager.default.isExecutableFile(atPath: program) ? URL(fileURLWithPath: program) : nil
        }
        for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(program)") {
            return URL(fileURLWithPath: "\(folder)/\(program)")
        }
        return nil
    }
}
