/// A course's letters, each with the lowest percentage that earns it, highest first.
public struct GradingScheme: Equatable, Sendable, Codable {
    public struct Row: Equatable, Sendable, Codable {
        public var name: String
        /// The lowest score that earns it, as a fraction (`0.94`).
        public var value: Double

        public init(name: String, value: Double) {
            self.name = name
            self.value = value
        }
    }

    public var rows: [Row]

    /// The rows sorted highest first, as Canvas keeps them; nil without any.
    public init?(rows: [Row]) {
        let rows = rows.filter { $0.value.isFinite && !$0.name.isEmpty }.sorted { $0.value > $1.value }
        guard !rows.isEmpty else { return nil }
        self.rows = rows
    }

    /// Canvas's scheme for a course that set none.
    public static let canvasDefault = GradingScheme(unchecked: [
        ("A", 0.94), ("A-", 0.90), ("B+", 0.87), ("B", 0.84), ("B-", 0.80), ("C+", 0.77),
        ("C", 0.74), ("C-", 0.70), ("D+", 0.67), ("D", 0.64), ("D-", 0.61), ("F", 0),
    ])

    private init(unchecked rows: [(String, Double)]) {
        self.rows = rows.map { Row(name: $0.0, value: $0.1) }
    }

    /// The letter a percentage earns, as Canvas finds it: the first row whose cutoff the score,
    /// rounded to four places and never below zero, reaches; below every cutoff, the last row.
    public func letter(forPercent percent: Double) -> String {
        let score = max(0, GradeMath.rounded(percent, places: 4))
        for (index, row) in rows.enumerated() where score >= Self.cutoff(row) || index == rows.count - 1 {
            return row.name
        }
        return rows[rows.count - 1].name
    }

    /// The row named `name`: trimmed, in any case, a trailing minus sign read as a hyphen.
    public func row(named name: String) -> Row? {
        let wanted = Self.normalized(name)
        return rows.first { Self.normalized($0.name) == wanted }
    }

    /// The percentage a row's score must reach: its value times 100 to four significant digits.
    public static func cutoff(_ row: Row) -> Double {
        GradeMath.significant(row.value * 100, digits: 4)
    }

    private static func normalized(_ name: String) -> String {
        name.trimmingWhitespace.replacingMinusSign.lowercased()
    }
}

private extension String {
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    var replacingMinusSign: String {
        String(map { $0 == "\u{2212}" ? "-" : $0 })
    }
}
