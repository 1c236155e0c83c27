import CourseKit
import FoundationEssentials
import TerminalUI

extension CourseDetailState {
    /// The hand-in flow, reply or grade question with a blank row under it, or the last notice.
    func headerLines(width: Int, glyphs: Glyphs, now: Date) -> [StyledLine] {
        if let handIn {
            return handIn.lines(width: width, glyphs: glyphs, now: now) + [.blank]
        }
        if let reply {
            return reply.lines(width: width, glyphs: glyphs) + [.blank]
        }
        if let prompt = grades.prompt {
            return prompt.lines(width: width, glyphs: glyphs) + [.blank]
        }
        if let notice {
            return notice.lines(width: width) + [.blank]
        }
        return []
    }

    /// What the sections are laid out for at `width` now.
    func sectionContext(width: Int, now: Date) -> SectionContext {
        SectionContext(
            width: width, glyphs: size.glyphs, now: now, course: overview.course, assignments: assignments.load.value,
            overviewFailure: overview.load.failureMessage
        )
    }

    /// Every content line for `context`, sections in order, each prepared for it already.
    ///
    /// Only the overview shows for a course restricted by date; a section leaves out a failure
    /// the overview already reports in the same words (a course that does not exist fails the
    /// other sections alike, and one row says it).
    func contentLines(in context: SectionContext) -> DetailLines {
        guard courseID != nil else {
            return DetailLines([.text(StyledLine("Select a course and press Enter to open it.", style: .muted))])
        }
        if overview.course?.isRestricted == true {
            return DetailLines(sections: [overview.lines(in: context)])
        }
        return DetailLines(sections: visitingSections(LinesVisitor(context: context)).lines)
    }

    /// The pane's one row about the saved copies it shows, with a blank row under it; none when it shows none.
    ///
    /// As many lines as the row takes now; each is made again as it is drawn, so the age and any wait count on.
    func savedCopyLines(width: Int, glyphs: Glyphs, now: Date) -> [DetailLine] {
        guard courseID != nil, let status = savedCopies else { return [] }
        let count = SavedCopyRow.lines(status, now: now, width: width, glyphs: glyphs).count
        return (0..<count).map { DetailLine.savedCopy(status, line: $0, width: width) } + [.blank]
    }
}
