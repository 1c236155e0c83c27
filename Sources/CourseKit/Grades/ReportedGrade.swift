/// A grade the backend computed itself, shown as it reports it and never recomputed: Moodle's
/// gradebook adds grades up by each course's own aggregation, which students are not told.
public struct ReportedGrade: Equatable, Sendable, Codable {
    /// The grade in the item's range; nil while there is none or it is hidden.
    public var score: Double?
    public var minimum: Double
    public var maximum: Double
    /// The grade as the backend writes it where that is not a number (`B+`, a scale's `Good`).
    public var text: String?

    public init(score: Double?, minimum: Double = 0, maximum: Double, text: String? = nil) {
        self.score = score
        self.minimum = minimum
        self.maximum = maximum
        self.text = text
    }

    /// Where the score sits in the range, in percent, as the backend's own percentage shows it.
    public var percent: Double? {
        guard let score, maximum > minimum else { return nil }
        return (score - minimum) / (maximum - minimum) * 100
    }
}

/// How the backend counted one item toward its category, where that is other than plainly.
public enum ReportedStatus: String, Equatable, Sendable, Codable {
    /// Dropped by the category's drop rules.
    case dropped
    /// Counted as extra credit.
    case extraCredit
    /// Left out of the total.
    case excluded
}
