import CourseKit

/// The letter asked for with `t`, and the assignment it is asked of: answered again at every
/// layout, so the answer follows the what-if scores typed after it.
struct NeededQuestion: Equatable {
    var letter: String
    var workID: String

    /// `Needed for B+: 9.4/10 on Homework 2`, or why there is no such score; nil when `calculator`
    /// has no answer (the assignment is gone, or worth no points).
    func answer(by calculator: GradeCalculator) -> String? {
        guard let work = calculator.grades.allWork.first(where: { $0.id == workID }),
              let score = calculator.needed(letter, on: workID)
        else { return nil }
        let points = work.pointsPossible.map { "/" + PointsText.format($0) } ?? ""
        switch score {
        case .anyScore: return "\(letter) holds whatever \(work.name) scores"
        case let .atLeast(needed): return "Needed for \(letter): \(PointsText.format(needed))\(points) on \(work.name)"
        case .unreachable: return "\(letter) is not reachable on \(work.name), even with \(PointsText.format(work.pointsPossible ?? 0))\(points)"
        }
    }
}
