import CourseKit

/// A course's current grade as the panes write it: the grading scheme's letter first, the
/// score as a percentage to two places (`87.5%`).
enum GradeText {
    /// What the course list's row says: the letter, else the percentage.
    static func short(_ grade: Course.Grade) -> String {
        grade.letter ?? grade.score.map(percent) ?? ""
    }

    /// What the Course pane's header says: `B+ (87.5%)`, or whichever of the two there is.
    static func full(_ grade: Course.Grade) -> String {
        switch (grade.letter, grade.score.map(percent)) {
        case let (letter?, score?): return "\(letter) (\(score))"
        case let (letter?, nil): return letter
        case let (nil, score?): return score
        case (nil, nil): return ""
        }
    }

    private static func percent(_ score: Double) -> String {
        PointsText.format(score) + "%"
    }
}
