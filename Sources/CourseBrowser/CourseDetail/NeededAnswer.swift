import CourseKit

/// What an assignment needs for the course to reach a letter, as last asked with `t`.
struct NeededAnswer: Equatable {
    var letter: String
    var workID: String
    var score: NeededScore

    /// `Needed for B+: 9.4/10 on Homework 2`, or why there is no such score.
    func text(on work: GradedWork) -> String {
        let points = work.pointsPossible.map { "/" + PointsText.format($0) } ?? ""
        switch score {
        case .anyScore: return "\(letter) holds whatever \(work.name) scores"
        case let .atLeast(needed): return "Needed for \(letter): \(PointsText.format(needed))\(points) on \(work.name)"
        case .unreachable: return "\(letter) is not reachable on \(work.name), even with \(PointsText.format(work.pointsPossible ?? 0))\(points)"
        }
    }
}
