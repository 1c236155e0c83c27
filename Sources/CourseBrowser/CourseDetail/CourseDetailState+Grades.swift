import CourseKit
import TerminalUI

extension CourseDetailState {
    /// Takes the course's grades; what-if scores and a needed score for assignments no longer
    /// there are let go.
    mutating func receiveGrades(_ event: LoadEvent<CourseGrades>) {
        grades.apply(event)
        guard let ids = grades.value.map({ Set($0.allWork.map(\.id)) }) else { return }
        whatIf = whatIf.filter { ids.contains($0.key) }
        if let needed, !ids.contains(needed.workID) {
            self.needed = nil
        }
    }

    /// What the Grades section shows beside the grades: the what-if scores, the last needed
    /// score, and each assignment's page, from the assignments section.
    var gradesContext: GradesLayout.Context {
        let pages = Dictionary((assignments.value ?? []).compactMap { a in a.htmlURL.map { (a.id, $0) } }, uniquingKeysWith: { first, _ in first })
        return GradesLayout.Context(whatIf: whatIf, needed: needed, page: { pages[$0] })
    }

    /// The assignment selected under Grades, if one is.
    var selectedGradedWork: GradedWork? {
        guard let selected = selectedItem, let work = grades.value?.allWork else { return nil }
        return work.first { DetailItem.id(ofGrade: $0.id) == selected }
    }

    /// Why `w` and `t` can't ask now, or nil when they can.
    var gradeQuestionRefusal: String? {
        guard let value = grades.value, !value.groups.isEmpty else { return "This course has no grades to compute" }
        if let reporter = value.reporter {
            return "What-if works on Canvas courses: \(reporter) adds this course's grades up by rules it doesn't share"
        }
        return selectedGradedWork == nil ? "Select an assignment under Grades with j/k or n/p first" : nil
    }

    mutating func openGradePrompt(_ purpose: GradePrompt.Purpose) {
        guard let work = selectedGradedWork else { return }
        var prompt = GradePrompt(purpose: purpose, work: work)
        if purpose == .whatIf, let score = whatIf[work.id] {
            prompt.editor = LineEditor(text: PointsText.format(score))
        }
        gradePrompt = prompt
        notice = nil
    }

    mutating func clearWhatIf() {
        whatIf = [:]
        needed = nil
        notice = Notice(text: "What-if scores cleared", isNote: true)
    }

    /// Edits the open question's answer, takes it on Enter, or closes it on Esc.
    mutating func answerGradePrompt(_ key: Key) {
        guard var prompt = gradePrompt else { return }
        switch key {
        case .escape:
            gradePrompt = nil
            return
        case .enter:
            guard let answer = prompt.answer(scheme: grades.value?.scheme) else {
                gradePrompt = prompt
                return
            }
            take(answer, for: prompt.work)
            gradePrompt = nil
            return
        default:
            if prompt.editor.handle(key) {
                prompt.problem = nil
            }
            gradePrompt = prompt
        }
    }

    private mutating func take(_ answer: GradePrompt.Answer, for work: GradedWork) {
        switch answer {
        case let .score(score):
            whatIf[work.id] = score
        case let .letter(letter):
            guard let points = work.pointsPossible, points > 0 else {
                notice = Notice(text: "\(work.name) is worth no points, so no score of it moves the total", isNote: true)
                return
            }
            needed = NeededQuestion(letter: letter, workID: work.id)
        }
    }
}
