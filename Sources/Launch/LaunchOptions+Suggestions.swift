import CourseKit

extension LaunchOptions {
    /// The error for a word the browser was given where it takes none, which is most often a
    /// mistyped command (`uplod`), so the nearest command is suggested as git does.
    ///
    /// A word that names a file or directory that exists, or looks like a path (a `/` or a `.`
    /// in it), is taken as a file: the browser opens no files, so the error points at `upload`
    /// instead of at a command whose name happens to be close.
    static func strayInBrowser(_ word: LocalPath, pathExists: (LocalPath) -> Bool) -> UsageError {
        let text = word.path
        if text == CommandName.browse.rawValue {
            return UsageError("there is no 'browse' command: plain coursebrowser starts the browser")
        }
        if command(named: text) != nil {
            return UsageError("the command goes first: coursebrowser \(text) …")
        }
        let commandNames = commandSpecs.map(\.name).filter { $0 != .browse }.map(\.rawValue)
        let near = pathExists(word) ? [] : nearest(to: text, among: commandNames)
        if !near.isEmpty {
            return UsageError("unknown command '\(text)'; did you mean \(alternatives(near))?")
        }
        if pathExists(word) || text.contains("/") || text.contains(".") {
            return UsageError("'\(text)' is not a command, and the browser opens no files; to send it to a course: coursebrowser upload --course ID FILE")
        }
        return UsageError("unknown command '\(text)'; the commands are \(list(commandNames.map { "'\($0)'" }, lastJoinedBy: "and"))")
    }

    /// The error for an option no spec has, with the nearest names when one is close: those
    /// that go with `command` first, as they are what was most likely meant.
    static func unknownOption(_ name: String, with command: CommandName) -> UsageError {
        let fitting = optionSpecs.filter { $0.goes(with: command) }.flatMap(\.names)
        let near = nearest(to: name, among: fitting, ignoringDashes: true)
        let suggestions = near.isEmpty ? nearest(to: name, among: optionSpecs.flatMap(\.names), ignoringDashes: true) : near
        guard !suggestions.isEmpty else { return UsageError("unknown option '\(name)'") }
        return UsageError("unknown option '\(name)'; did you mean \(alternatives(suggestions))?")
    }

    /// The candidates close enough to `word` to be what was meant, the closest only, in the
    /// order given.
    ///
    /// Close enough, as git judges a mistyped command: a word of three letters or more at most
    /// a third of its length of edits away (a swap of two neighbours is one edit: `sumbit`),
    /// or the start of a candidate two letters or more long (`comp` for `completions`), which
    /// counts as closest of all.
    static func nearest(to word: String, among candidates: [String], ignoringDashes: Bool = false) -> [String] {
        let key = comparable(word, ignoringDashes: ignoringDashes)
        guard key.count >= 2 else { return [] }
        let allowed = key.count >= 3 ? max(1, key.count / 3) : 0
        var best: [String] = []
        var bestScore = Int.max
        for candidate in candidates {
            let other = comparable(candidate, ignoringDashes: ignoringDashes)
            let score = other.starts(with: key) ? 0 : editDistance(key, other)
            guard score <= allowed, score <= bestScore else { continue }
            if score < bestScore { best = [] }
            bestScore = score
            if !best.contains(candidate) { best.append(candidate) }
        }
        return best
    }

    /// The edits (insert, delete, replace a character, or swap two neighbours) that turn `a`
    /// into `b`: the optimal-string-alignment form of the Damerau–Levenshtein distance.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        // Three rows of the table: two rows back is where a swap is counted from.
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], twoBack[j - 2] + 1)
                }
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }

    /// Whether a file or directory is at `path`: the browser is no place for it.
    static func pathExists(_ path: LocalPath) -> Bool {
        path.status() != nil
    }

    /// What a word is compared as: lower case, and for options without the dashes, so
    /// `-course` and `--Course` are both near `--course`.
    private static func comparable(_ word: String, ignoringDashes: Bool) -> [Character] {
        let lowered = word.lowercased()
        return Array(ignoringDashes ? lowered.drop { $0 == "-" } : Substring(lowered))
    }

    /// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`.
    private static func alternatives(_ names: [String]) -> String {
        list(names.map { "'\($0)'" }, lastJoinedBy: "or")
    }

    /// Items as a sentence lists them: commas, and `conjunction` before the last.
    static func list(_ items: [String], lastJoinedBy conjunction: String) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
