import CourseKit
import FoundationEssentials
import TerminalUI

/// How the course's total is made, with the what-if scores the student typed (never sent) and
/// the score an assignment needs for a letter; none where the backend keeps no groups.
struct GradesSection: FetchedSection {
    static let kind = CourseSectionKind.grades
    static let label = "grades"
    private(set) var load = LoadState<CourseGrades>()
    /// Scores the student typed to see what they would do, by assignment ID; never sent.
    var whatIf: [String: Double] = [:]
    /// What an assignment needs for a letter, as last asked.
    var needed: NeededQuestion?
    /// The what-if or letter question, while it is open.
    var prompt: GradePrompt?

    /// Takes the course's grades; what-if scores and a needed score for assignments no longer
    /// there are let go.
    mutating func update(_ event: LoadEvent<CourseGrades>) -> [CourseDetailState.Effect] {
        load.apply(event)
        guard let ids = load.value.map({ Set($0.allWork.map(\.id)) }) else { return [] }
        whatIf = whatIf.filter { ids.contains($0.key) }
        if let needed, !ids.contains(needed.workID) {
            self.needed = nil
        }
        return []
    }

    static func source(_ environment: EnvironmentValues) -> SectionSource<CourseGrades> {
        let client = environment.grades
        return SectionSource(saved: environment.savedCopies.grades) { try await client.grades($0, $1) ?? CourseGrades(groups: []) }
    }

    /// The assignment the item `id` stands for under Grades.
    func work(item id: String?) -> GradedWork? {
        guard let id, let work = load.value?.allWork else { return nil }
        return work.first { DetailItem.id(ofGrade: $0.id) == id }
    }

    /// Why `w` and `t` can't ask now about the item `id`, or nil when they can.
    func questionRefusal(item id: String?) -> String? {
        guard let value = load.value, !value.groups.isEmpty else { return "This course has no grades to compute" }
        if let reporter = value.reporter {
            return "What-if works on Canvas courses: \(reporter) adds this course's grades up by rules it doesn't share"
        }
        return work(item: id) == nil ? "Select an assignment under Grades with j/k or n/p first" : nil
    }

    /// Why `t` can't ask now about the item `id`, or nil when it can.
    func neededRefusal(item id: String?) -> String? {
        if let refusal = questionRefusal(item: id) { return refusal }
        if load.value?.hidesTotals == true { return "The teacher hides course totals" }
        return load.value?.scheme == nil ? "This course gives no letter grades" : nil
    }

    /// Opens the question about the assignment the item `id` stands for.
    mutating func ask(_ purpose: GradePrompt.Purpose, item id: String?) {
        guard let work = work(item: id) else { return }
        var prompt = GradePrompt(purpose: purpose, work: work)
        if purpose == .whatIf, let score = whatIf[work.id] {
            prompt.editor = LineEditor(text: PointsText.format(score))
        }
        self.prompt = prompt
    }

    mutating func clearWhatIf() -> Notice {
        whatIf = [:]
        needed = nil
        return Notice(text: "What-if scores cleared", isNote: true)
    }

    /// Edits the open question's answer, takes it on Enter, or closes it on Esc; a notice when
    /// the answer can't be used.
    mutating func answer(_ key: Key) -> Notice? {
        guard var prompt else { return nil }
        switch key {
        case .escape:
            self.prompt = nil
        case .enter:
            guard let answer = prompt.answer(scheme: load.value?.scheme) else {
                self.prompt = prompt
                return nil
            }
            self.prompt = nil
            return take(answer, for: prompt.work)
        default:
            if prompt.editor.handle(key) {
                prompt.problem = nil
            }
            self.prompt = prompt
        }
        return nil
    }

    private mutating func take(_ answer: GradePrompt.Answer, for work: GradedWork) -> Notice? {
        switch answer {
        case let .score(score):
            whatIf[work.id] = score
        case let .letter(letter):
            guard let points = work.pointsPossible, points > 0 else {
                return Notice(text: "\(work.name) is worth no points, so no score of it moves the total", isNote: true)
            }
            needed = NeededQuestion(letter: letter, workID: work.id)
        }
        return nil
    }

    /// How the total is made, once the backend has groups for it (a backend without any has no
    /// section), each assignment linked to its page.
    func lines(in context: SectionContext) -> SectionLines {
        guard context.shows(load), load.value?.groups.isEmpty != true else { return SectionLines() }
        let title = ["Grades", load.value?.periodTitle].compactMap { $0 }.joined(separator: " · ")
        return SectionLines(
            Self.heading(title, count: nil, landmark: "grades")
                + rows(width: context.width, glyphs: context.glyphs) { grades in
                    let pages = Dictionary((context.assignments ?? []).compactMap { a in a.htmlURL.map { (a.id, $0) } }, uniquingKeysWith: { first, _ in first })
                    let gradesContext = GradesLayout.Context(whatIf: whatIf, needed: needed, page: { pages[$0] })
                    return GradesLayout.lines(for: grades, context: gradesContext, width: context.width)
                }
        )
    }
}

extension GradesSection {
    static let bindings: [Binding<CourseDetailState.Action>] = [
        Binding(
            [[.character("w")]], does: "what-if: type a score for the assignment selected under Grades, and see the totals move (nothing is sent)",
            hint: "what-if", action: .whatIf
        ),
        Binding([[.character("W")]], does: "clear every what-if score", action: .clearWhatIf),
        Binding([[.character("t")]], does: "the score the assignment selected under Grades needs for a letter you type", action: .needed),
    ]

    func availability(of action: CourseDetailState.Action, in pane: CourseDetailState) -> Availability? {
        switch action {
        case .whatIf: Availability(unless: questionRefusal(item: pane.selectedItem))
        case .clearWhatIf: Availability(unless: whatIf.isEmpty ? "No what-if scores to clear" : nil)
        case .needed: Availability(unless: neededRefusal(item: pane.selectedItem))
        default: nil
        }
    }
}

extension CourseSectionKind {
    static let grades = CourseSectionKind("grades")
}
