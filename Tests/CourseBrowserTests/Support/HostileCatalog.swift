import Foundation
import TestSupport

/// Catalog documents and Canvas assignment bodies whose every numeric field may hold a number
/// no sane server sends: huge, negative, -0, fractional IDs, numbers as strings, past what a
/// `Double` holds. Seeded, so a failing document can be made again from its seed.
struct HostileCatalog {
    /// How often a field gets a hostile value rather than an ordinary one.
    let hostility: Double
    private var generator: SeededGenerator

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
        hostility = [0.03, 0.1, 0.3][Int(seed % 3)]
    }

    /// Numbers and near-numbers as JSON literals, each put where a number belongs.
    static let hostileNumbers = [
        "0", "-0", "-0.0", "1", "-1", "0.5", "1.5", "-2.75", "1E2", "1e-7", "5e-324", "1e-400", "2147483647", "2147483648", "-2147483649",
        "4294967296", "9007199254740993", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551616", "1e15", "999999999999999.9", "1e19", "-1e19", "1e300", "-1e300", "1.7976931348623157e308",
        "-1.7976931348623157e308", "1e308", "1e309", "1e400", "-1e400", "123456789012345678901234567890.5", "\"12\"", "\"1e19\"",
        "\"-0\"", "\"\"", "null", "true", "[]", "{}",
    ]

    /// Dates as Canvas writes them, and what a broken source might put there instead.
    static let hostileDates = [
        "\"9999-12-31T23:59:59Z\"", "\"1583-01-01T00:00:00Z\"", "\"0001-01-01T00:00:00Z\"", "\"+275760-09-13T00:00:00Z\"",
        "\"2026-02-30T00:00:00Z\"", "\"not a date\"", "1e19", "null", "-1",
    ]

    static let gradingTypes = ["points", "percent", "letter_grade", "gpa_scale", "pass_fail", "not_graded", "stars"]
    static let states = ["unsubmitted", "submitted", "pending_review", "graded", "deleted"]
    static let grades = ["\"B+\"", "\"85%\"", "\"complete\"", "\"incomplete\"", "\"17\"", "\"\"", "null", "3.7", "\"1e19\""]
    static let submissionTypes = ["online_upload", "on_paper", "none", "external_tool", "online_quiz", "not_graded"]

    /// A catalog of `count` courses.
    mutating func catalog(courses count: Int) -> String {
        let courses = (0..<count).map { course(index: $0) }
        return #"{"courses": ["# + courses.joined(separator: ", ") + "]}"
    }

    /// A page of assignments as Canvas's assignments listing sends it.
    mutating func assignmentsBody() -> String {
        "[" + (0..<int(1...6)).map { assignment(index: $0) }.joined(separator: ", ") + "]"
    }

    private mutating func course(index: Int) -> String {
        let modules = (0..<int(0...3)).map { module(index: $0) }.joined(separator: ", ")
        let assignments = (0..<int(0...5)).map { assignment(index: $0) }.joined(separator: ", ")
        return #"{"id": \#(id(ordinary: 70_000 + index)), "name": "Fuzz course \#(index)", "start_at": \#(date()), "end_at": \#(date()), "#
            + #""modules": [\#(modules)], "assignments": [\#(assignments)]}"#
    }

    private mutating func module(index: Int) -> String {
        let items = (0..<int(0...3)).map { item in
            #"{"id": \#(id(ordinary: 900 + item)), "title": "Item \#(item)", "type": "Page"}"#
        }.joined(separator: ", ")
        return #"{"id": \#(id(ordinary: 80 + index)), "name": "Module \#(index)", "position": \#(number(ordinary: String(index + 1))), "#
            + #""unlock_at": \#(date()), "items": [\#(items)]}"#
    }

    private mutating func assignment(index: Int) -> String {
        let types = (0..<int(1...2)).map { _ in "\"\(pick(Self.submissionTypes))\"" }.joined(separator: ", ")
        return #"{"id": \#(id(ordinary: 5_000 + index)), "name": "Assignment \#(index)", "due_at": \#(date()), "lock_at": \#(date()), "#
            + #""unlock_at": \#(date()), "points_possible": \#(number(ordinary: "10")), "grading_type": "\#(pick(Self.gradingTypes))", "#
            + #""submission_types": [\#(types)], "locked_for_user": \#(bool()), "submission": \#(submission())}"#
    }

    private mutating func submission() -> String {
        #"{"workflow_state": "\#(pick(Self.states))", "attempt": \#(number(ordinary: "1")), "score": \#(number(ordinary: "7.5")), "#
            + #""grade": \#(pick(Self.grades)), "missing": \#(bool()), "excused": \#(bool()), "late": \#(bool()), "#
            + #""posted_at": \#(date()), "submitted_at": \#(date())}"#
    }

    private mutating func id(ordinary: Int) -> String {
        number(ordinary: String(ordinary))
    }

    private mutating func number(ordinary: String) -> String {
        hostile() ? pick(Self.hostileNumbers) : ordinary
    }

    private mutating func date() -> String {
        hostile() ? pick(Self.hostileDates) : String(format: "\"2026-%02d-%02dT12:00:00Z\"", int(1...12), int(1...28))
    }

    private mutating func bool() -> String {
        ["true", "false", "null"][int(0...2)]
    }

    private mutating func hostile() -> Bool {
        Double.random(in: 0..<1, using: &generator) < hostility
    }

    private mutating func pick(_ values: [String]) -> String {
        values[int(0...(values.count - 1))]
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &generator)
    }
}
