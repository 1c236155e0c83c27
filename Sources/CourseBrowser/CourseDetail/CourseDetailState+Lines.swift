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

    /// Every content line at `width`, sections in order, with the syllabus as laid out already.
    ///
    /// A section is left out when the course itself can't be shown: a course restricted by
    /// date, or a failure the overview already reports in the same words (a course that
    /// does not exist fails the other sections alike, and one row says it).
    func contentLines(width: Int, glyphs: Glyphs, now: Date, syllabus syllabusLines: SyllabusRows?) -> DetailLines {
        guard courseID != nil else {
            return DetailLines([.text(StyledLine("Select a course and press Enter to open it.", style: .muted))])
        }
        let context = SectionContext(width: width, glyphs: glyphs, now: now, overviewFailure: overview.load.failureMessage)
        let top = overview.lines(in: context)
        if overview.course?.isRestricted == true {
            return DetailLines(top)
        }
        // What is due comes before everything else a student reads.
        let head = top + assignments.lines(in: context) + announcements.lines(in: context) + discussions.lines(in: context)
        let shownSyllabus = syllabus.lines(in: context, laidOut: syllabusLines)
        // How the total is made follows the modules; the files come last, as a course may hold
        // hundreds, which would push the syllabus and modules out of reach.
        let tail = shownSyllabus.tail + modules.lines(in: context) + grades.lines(in: context, pages: assignments.pages)
            + files.lines(in: context, filesPage: filesPage)
        return DetailLines(head + shownSyllabus.head, syllabus: shownSyllabus.text, tail: tail)
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
