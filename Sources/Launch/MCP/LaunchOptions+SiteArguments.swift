extension LaunchOptions {
    /// The options given that choose the site, its token and where the queue and copies live, as
    /// a command line for the same site gives them again; their paths from the root, as the
    /// command may run in another directory.
    var siteArguments: [String] {
        let pairs: [(String, String?)] = [
            ("--canvas", canvasURL?.absoluteString), ("--moodle", moodleURL?.absoluteString), ("--catalog", catalogPath.map { HandInPreparation.located($0) }),
            ("--profile", profile?.text), ("--token-file", tokenFile.map { HandInPreparation.located($0) }), ("--token-command", tokenCommand),
            ("--data-dir", dataDirectory.map { HandInPreparation.located($0) }),
        ]
        return pairs.flatMap { name, value in value.map { [name, $0] } ?? [] }
    }
}
