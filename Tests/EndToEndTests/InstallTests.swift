import Foundation
import Glibc
import Testing

/// The manual page, the completions and the install scripts, checked against `--help`,
/// which is written from the same option table.
@Suite struct InstallTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func app(_ arguments: [String], home: URL? = nil) throws -> CommandResult {
        var environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8"]
        environment["HOME"] = home?.path ?? FileManager.default.temporaryDirectory.path
        return try Command.run(try AppBinary.path(), arguments, environment: environment)
    }

    /// Every option `--help` lists under OPTIONS, by each of its names.
    static func helpOptions() throws -> [String] {
        let help = try app(["--help"]).stdout
        let section = help.components(separatedBy: "\nOPTIONS:\n").last?.components(separatedBy: "\n\n").first ?? ""
        let names = section.split(separator: "\n").filter { $0.hasPrefix("  -") }.flatMap { line in
            line.split(separator: " ").prefix { $0.hasPrefix("-") }.map { String($0.trimmingCharacters(in: CharacterSet(charactersIn: ","))) }
        }
        return names
    }

    @Test func helpListsTheOptionsThisTestKnowsOf() throws {
        let options = try Self.helpOptions()
        for known in ["--canvas", "--profile", "--token-file", "--token-command", "--catalog", "--course", "--offline", "--json", "-h", "--help"] {
            #expect(options.contains(known), "\(known) in \(options)")
        }
    }

    @Test func theManualPageListsEveryOptionOfHelpAndRenders() throws {
        let page = try Self.app(["man-page"])
        #expect(page.status == 0)
        #expect(page.stdout.hasPrefix(".TH COURSEBROWSER 1 "))
        let roffName = { (option: String) in option.replacingOccurrences(of: "-", with: #"\-"#) }
        for option in try Self.helpOptions() {
            #expect(page.stdout.contains(#"\fB"# + roffName(option) + #"\fR"#), "\(option) in the man page")
        }
        for command in ["upload", "submit", "queue", "drain", "login", "logout", "completions", "man\\-page"] {
            #expect(page.stdout.contains(".B \(command)\n"), "the \(command) command")
        }
        let groff = try #require(Command.which("groff"), "groff renders the page (apt-get install groff-base)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cb-\(UUID().uuidString.prefix(8)).1")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(page.stdout.utf8).write(to: file)
        #expect(page.stdout.unicodeScalars.allSatisfy { $0.isASCII }, "any other letter is escaped, so no locale can garble it")
        let rendered = try Command.run(groff, ["-man", "-ww", "-z", file.path], environment: ["PATH": "/usr/bin:/bin", "LANG": "C"])
        #expect(rendered.status == 0)
        #expect(rendered.stderr.isEmpty, "groff warns of nothing: \(rendered.stderr)")
        let text = try Command.run(groff, ["-man", "-T", "utf8", file.path], environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]).stdout
        // Bold and underline come as overstrikes: a character, a backspace, then the one shown.
        let plain = text.replacingOccurrences(of: ".\u{8}", with: "", options: .regularExpression)
        #expect(plain.contains("--catalog FILE") && plain.contains("↑ ↓"), "options and keys read as written")
        let keys = plain.components(separatedBy: "\nKEYS").last ?? ""
        let headings = ["Courses", "Due", "Course", "Queue", "Everywhere"].map { "\n   \($0)\n" }
        let places = headings.compactMap { keys.range(of: $0)?.lowerBound }
        #expect(places.count == headings.count && places == places.sorted(), "each pane's keys under its name, then the shared ones: \(keys.prefix(400))")
        let environment = plain.components(separatedBy: "ENVIRONMENT").last ?? ""
        #expect(environment.contains("XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_CACHE_HOME"), "\(environment.prefix(600))")
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func everyCompletionScriptOffersEveryOptionOfHelp(shell: String) throws {
        let script = try Self.app(["completions", shell])
        #expect(script.status == 0)
        for option in try Self.helpOptions() {
            let spelled: String
            switch shell {
            case "fish": spelled = option.hasPrefix("--") ? "-l \(option.dropFirst(2)) " : "-s \(option.dropFirst()) "
            default: spelled = option
            }
            #expect(script.stdout.contains(spelled), "\(option) in the \(shell) completions")
        }
        for command in ["upload", "submit", "queue", "drain", "login", "logout", "completions", "man-page"] {
            #expect(script.stdout.contains(command), "\(command) in the \(shell) completions")
        }
        let program = try #require(Command.which(shell), "\(shell) is installed (apt-get install \(shell))")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cb-\(UUID().uuidString.prefix(8)).\(shell)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(script.stdout.utf8).write(to: file)
        let parsed = try Command.run(program, ["-n", file.path], environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": "/tmp"])
        #expect(parsed.status == 0 && parsed.stderr.isEmpty, "\(shell) reads it: \(parsed.stderr)")
    }

    /// A home with two saved logins, whose names the scripts list as `--profile` values.
    static func homeWithProfiles() throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cb-home-\(UUID().uuidString.prefix(8))")
        let profiles = home.appendingPathComponent(".config/coursebrowser/profiles")
        try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        for name in ["school", "work"] {
            try Data(#"{"canvas_url": "https://\#(name).example", "token": "t"}"#.utf8).write(to: profiles.appendingPathComponent("\(name).json"))
        }
        return home
    }

    @Test func bashCompletesCommandsOptionsAndProfileNames() throws {
        let home = try Self.homeWithProfiles()
        defer { try? FileManager.default.removeItem(at: home) }
        let script = home.appendingPathComponent("completion.bash")
        try Data(try Self.app(["completions", "bash"]).stdout.utf8).write(to: script)
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map(\.shellQuoted).joined(separator: " ")
            let line = "source \(script.path.shellQuoted); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _coursebrowser; printf '%s\\n' \"${COMPREPLY[@]}\""
            let result = try Command.run("/bin/bash", ["--norc", "-c", line], environment: ["PATH": "/usr/bin:/bin", "HOME": home.path])
            return result.stdout.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["coursebrowser", "--profile", ""]) == ["school", "work"])
        #expect(try complete(["coursebrowser", "log"]) == ["login", "logout"])
        #expect(try complete(["coursebrowser", "queue", "--j"]) == ["--json"])
        #expect(try complete(["coursebrowser", "--j"]).isEmpty, "--json goes only with queue")
        #expect(try complete(["coursebrowser", "completions", ""]) == ["bash", "zsh", "fish"])
        #expect(try complete(["coursebrowser", "logout", "--"]).sorted() == ["--event-log", "--help", "--profile", "--request-timeout", "--version"])
        #expect(try complete(["coursebrowser", "--no-mouse", ""]).isEmpty, "a command is only ever the first word")
        let folder = home.appendingPathComponent("my files")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("essay draft.pdf"))
        #expect(try complete(["coursebrowser", "upload", "--course", "1", folder.path + "/ess"]) == [folder.path + "/essay draft.pdf"],
                "a name with a space is one completion")
    }

    @Test func fishCompletesCommandsFirstOptionsAndProfileNames() throws {
        let fish = try #require(Command.which("fish"), "fish is installed (apt-get install fish)")
        let home = try Self.homeWithProfiles()
        defer { try? FileManager.default.removeItem(at: home) }
        let script = home.appendingPathComponent("coursebrowser.fish")
        try Data(try Self.app(["completions", "fish"]).stdout.utf8).write(to: script)
        func complete(_ line: String) throws -> [String] {
            let script = "source \(script.path.shellQuoted); complete -C \(line.shellQuoted)"
            let result = try Command.run(fish, ["--no-config", "-c", script], environment: ["PATH": "/usr/bin:/bin", "HOME": home.path, "LANG": "C.UTF-8"])
            return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        #expect(try complete("coursebrowser --profile ") == ["school", "work"])
        #expect(try complete("coursebrowser queue --js") == ["--json"])
        #expect(try complete("coursebrowser log") == ["login", "logout"])
        #expect(try complete("coursebrowser --no-mouse ").isEmpty, "a command is only ever the first word")
    }

    @Test func installPutsEverythingUnderPrefixAndUninstallRemovesItAll() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("cb-prefix-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let environment = ["PATH": "/usr/bin:/bin", "HOME": prefix.path, "PREFIX": prefix.path, "BINARY": try AppBinary.path()]
        let installed = try Command.run("/bin/sh", [Self.repository.appendingPathComponent("Scripts/install.sh").path], environment: environment)
        #expect(installed.status == 0, "\(installed.stderr)")
        let files = [
            ("bin/coursebrowser", 0o755),
            ("share/man/man1/coursebrowser.1", 0o644),
            ("share/bash-completion/completions/coursebrowser", 0o644),
            ("share/zsh/site-functions/_coursebrowser", 0o644),
            ("share/fish/vendor_completions.d/coursebrowser.fish", 0o644),
        ]
        for (path, mode) in files {
            let attributes = try FileManager.default.attributesOfItem(atPath: prefix.appendingPathComponent(path).path)
            #expect(attributes[.posixPermissions] as? Int == mode, "\(path)")
            #expect(installed.stdout.contains("installed \(prefix.appendingPathComponent(path).path)\n"))
        }
        if Command.which("zsh") != nil {
            #expect(installed.stdout.contains("note: for zsh, add  fpath+=(\(prefix.path)/share/zsh/site-functions)  to ~/.zshrc before compinit"))
        }
        let version = try Command.run(prefix.appendingPathComponent("bin/coursebrowser").path, ["--version"], environment: environment)
        #expect(version.stdout.hasPrefix("coursebrowser "))
        let page = try String(contentsOf: prefix.appendingPathComponent("share/man/man1/coursebrowser.1"), encoding: .utf8)
        #expect(page == (try Self.app(["man-page"])).stdout)

        let mine = prefix.appendingPathComponent("share/man/man1/other.1")
        try Data("keep".utf8).write(to: mine)
        let removed = try Command.run("/bin/sh", [Self.repository.appendingPathComponent("Scripts/uninstall.sh").path], environment: environment)
        #expect(removed.status == 0, "\(removed.stderr)")
        for (path, _) in files {
            #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), "\(path) removed")
        }
        #expect(FileManager.default.fileExists(atPath: mine.path), "nothing else is touched")
    }

    @Test func installWithoutABuildSaysWhatToRunAndInstallsNothing() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("cb-prefix-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let environment = ["PATH": "/usr/bin:/bin", "HOME": prefix.path, "PREFIX": prefix.path, "BINARY": prefix.appendingPathComponent("none").path]
        let result = try Command.run("/bin/sh", [Self.repository.appendingPathComponent("Scripts/install.sh").path], environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr == "install.sh: no build at \(prefix.path)/none; run: swift build -c release\n")
        #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent("bin").path))
    }
}
