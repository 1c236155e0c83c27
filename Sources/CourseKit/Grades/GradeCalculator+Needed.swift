/// The score an assignment needs for the course to reach a letter.
public enum NeededScore: Equatable, Sendable {
    /// Any score on it keeps the letter, zero included.
    case anyScore
    /// At least this many points, to two places.
    case atLeast(Double)
    /// Not even full points reach it.
    case unreachable
}

extension GradeCalculator {
    /// The least score on `workID` (out of its points possible) that brings the total to
    /// `letter`, with every other what-if score in place; nil when the course has no such
    /// letter or the assignment is worth no points.
    ///
    /// Found by bisecting on the score in hundredths of a point and computing the total each
    /// time, so drop rules and weights count exactly as they will; a higher score never lowers
    /// a total, so the first score that reaches the letter is the answer.
    public func needed(_ letter: String, on workID: String) -> NeededScore? {
        guard let scheme = grades.scheme, let target = scheme.row(named: letter),
              let rank = scheme.rows.firstIndex(of: target),
              let work = grades.allWork.first(where: { $0.id == workID }),
              let points = work.pointsPossible, points > 0, points.isFinite
        else { return nil }
        func reaches(_ hundredths: Int) -> Bool {
            var calculator = self
            calculator.whatIf[workID] = Double(hundredths) / 100
            guard let percent = calculator.total().percent else { return false }
            let earned = scheme.letter(forPercent: percent)
            return scheme.rows.firstIndex { $0.name == earned }.map { $0 <= rank } ?? false
        }
        var low = 0
        var high = Int((points * 100).rounded(.down))
        if reaches(low) { return .anyScore }
        guard reaches(high) else { return .unreachable }
        // `low` never reaches the letter, `high` always does.
        while high - low > 1 {
            let middle = (low + high) / 2
            if reaches(middle) { high = middle } else { low = middle }
        }
        return .atLeast(Double(high) / 100)
    }
}
