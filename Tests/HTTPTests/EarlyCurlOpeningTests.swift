import CCurl
import Foundation
import Testing
import TestSupport

/// Which runs start opening libcurl before `main`: those that name the site they ask at once.
@Suite
struct EarlyCurlOpeningTests {
    /// `cb_curl_site_named` for `arguments` after the program's name and `environment`'s `NAME=value` entries.
    func namesSite(_ arguments: [String], environment: [String] = []) -> Bool {
        let argv = (["coursebrowser"] + arguments).map { strdup($0) }
        let envp = environment.map { strdup($0) }
        defer { (argv + envp).forEach { free($0) } }
        var arguments = argv + [nil]
        var entries = envp + [nil]
        return cb_curl_site_named(Int32(argv.count), &arguments, &entries) != 0
    }

    @Test func aSiteOnTheCommandLineOrInTheEnvironmentIsNamed() {
        #expect(namesSite(["status", "--canvas", "https://school.example"]))
        #expect(namesSite(["due", "--json", "--moodle=https://moodle.example"]))
        #expect(namesSite(["--course", "https://school.example/courses/7"]))
        #expect(namesSite(["--course=https://school.example/courses/7"]))
        #expect(namesSite(["calendar"], environment: ["CANVAS_URL=https://school.example"]))
        #expect(namesSite([], environment: ["MOODLE_URL=https://moodle.example"]))
    }

    @Test func offlineRunsAndQueueCommandsOpenNothingEarly() {
        #expect(!namesSite([]))
        // A course's ID names no site: the sample catalog has courses too.
        #expect(!namesSite(["--course", "10002"]))
        #expect(!namesSite(["--course=10002"]))
        #expect(!namesSite(["--course"]))
        #expect(!namesSite(["due"], environment: ["CANVAS_URL="]))
        for offline in [["--offline"], ["--catalog", "list.json"], ["--catalog=list.json"], ["--help"], ["-h"], ["--version"],
                        ["upload"], ["submit"], ["queue"], ["drain"], ["login"], ["logout"], ["completions"], ["man-page"], ["help"]] {
            #expect(!namesSite(["--canvas", "https://school.example"] + offline), "\(offline)")
        }
        // Past `--` the words are a command's own (a file named like an option).
        #expect(namesSite(["submit-not", "--canvas", "https://school.example", "--", "--offline"]))
        // Options that merely begin like one are not it.
        #expect(!namesSite(["--canvasy", "x"]))
    }

    @Test func theDefaultProfilesSavedLoginNamesItsSite() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let profiles = folder.url.appendingPathComponent("config/coursebrowser/profiles")
        let home = "HOME=" + folder.url.path
        #expect(!namesSite(["due"], environment: [home, "XDG_CONFIG_HOME=" + folder.url.path + "/config"]))
        try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: profiles.appendingPathComponent("default.json"))
        #expect(namesSite(["due"], environment: [home, "XDG_CONFIG_HOME=" + folder.url.path + "/config"]))
        // Under HOME's .config when XDG_CONFIG_HOME is not a full path.
        #expect(!namesSite(["due"], environment: [home, "XDG_CONFIG_HOME=relative"]))
        let dotConfig = folder.url.appendingPathComponent(".config/coursebrowser/profiles")
        try FileManager.default.createDirectory(at: dotConfig, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: dotConfig.appendingPathComponent("default.json"))
        #expect(namesSite(["due"], environment: [home, "XDG_CONFIG_HOME=relative"]))
        // Another profile's login is not looked for: that run opens libcurl once it knows the site.
        #expect(!namesSite(["due", "--profile", "work"], environment: [home]))
    }
}
