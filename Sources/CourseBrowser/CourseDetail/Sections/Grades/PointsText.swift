import FoundationEssentials

/// Points and scores as Canvas shows them: whole numbers plainly (`10`), others to two
/// places (`7.25`), and numbers too large to write out in exponent form (`1e19`).
///
/// Any finite number is written without trapping: nothing larger than 10^15 is ever turned
/// into an `Int`.
package enum PointsText {
    /// From here on a number is written with an exponent; below it, every whole number is exact.
    static let exponentFrom = 1e15

    package static func format(_ value: Double) -> String {
        // JSON has no infinity; only a figure computed from it could be one, and none is shown.
        guard value.isFinite else { return "?" }
        if abs(value) >= exponentFrom {
            return value.description.replacing("e+", with: "e")
        }
        let hundredths = value == value.rounded() ? value : (value * 100).rounded() / 100
        // Also what rounds to zero from below: "-0" says nothing a reader needs.
        if hundredths == 0 { return "0" }
        return hundredths == hundredths.rounded() ? String(Int(hundredths)) : hundredths.description
    }
}
