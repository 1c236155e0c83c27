import CourseKit
import TerminalUI
import TextBasics

/// The one-line question the Grades section asks: a what-if score for an assignment (`w`), or
/// the letter to find the needed score for (`t`).
struct GradePrompt: Equatable {
    enum Purpose: Equatable {
        case whatIf
        case target
    }

    enum Action: Equatable {
        case answer, cancel
    }

    /// The what-if score's keys; every other key is text for it.
    static let whatIfBindings: [Binding<Action>] = [
        Binding([[.enter]], does: "use the score typed (8.5 points, or 85% of them), or clear it when empty; nothing is sent", hint: "set", action: .answer),
        Binding([[.escape]], does: "cancel", hint: "cancel", action: .cancel),
    ]

    /// The letter's keys; every other key is text for it.
    static let targetBindings: [Binding<Action>] = [
        Binding([[.enter]], does: "find the score the letter typed needs", hint: "find", action: .answer),
        Binding([[.escape]], does: "cancel", hint: "cancel", action: .cancel),
    ]

    /// The keys in force for this prompt's purpose.
    var bindings: [Binding<Action>] {
        purpose == .whatIf ? Self.whatIfBindings : Self.targetBindings
    }

    var purpose: Purpose
    var work: GradedWork
    var editor = LineEditor()
    /// Why the last Enter was not taken.
    var problem: String?

    /// What Enter leads to.
    enum Answer: Equatable {
        /// Use this score for the assignment; nil clears it.
        case score(Double?)
        case letter(String)
    }

    /// The question, the field, and what the keys do (or why the last answer was not taken).
    func lines(width: Int, glyphs: Glyphs) -> [StyledLine] {
        let label = switch purpose {
        case .whatIf: "What-if score for \(work.name)" + (work.pointsPossible.map { " (of \(PointsText.format($0)))" } ?? "") + ": "
        case .target: "Letter to reach with \(work.name): "
        }
        let usage = bindings.usage(for: glyphs)
        let hint = purpose == .whatIf ? usage + " · empty clears it · 85% for a share of the points · nothing is sent" : usage
        return [PromptField.line(label: label, editor: editor, width: width, glyphs: glyphs)]
            + DetailText.wrap(problem ?? hint, width: width, style: problem == nil ? .muted : .error)
    }

    /// The answer typed, if it is one; else sets `problem` to say why not.
    mutating func answer(scheme: GradingScheme?) -> Answer? {
        let text = editor.text.trimming(.whitespaces)
        switch purpose {
        case .whatIf:
            if text.isEmpty { return .score(nil) }
            if let score = Self.score(text, pointsPossible: work.pointsPossible) { return .score(score) }
            problem = "Type points, as 8.5, or a share of them, as 85% (a score from 0 up)"
        case .target:
            if let row = scheme?.row(named: text) { return .letter(row.name) }
            let letters = scheme?.rows.map(\.name).joined(separator: ", ") ?? ""
            problem = "No letter \"\(text)\" in this course; its letters are \(letters)"
        }
        return nil
    }

    /// Points from `8.5`, `8,5` or `85%` of `pointsPossible`; nil for anything else or below zero.
    static func score(_ text: String, pointsPossible: Double?) -> Double? {
        let decimal = text.replacing(",", with: ".")
        if decimal.hasSuffix("%") {
            guard let share = Double(String(decimal.dropLast()).trimming(.whitespaces)), share.isFinite, share >= 0,
                  let points = pointsPossible
            else { return nil }
            return points * share / 100
        }
        guard let points = Double(decimal), points.isFinite, points >= 0 else { return nil }
        return points
    }
}
