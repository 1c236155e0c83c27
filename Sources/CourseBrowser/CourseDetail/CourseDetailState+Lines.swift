import CourseKit
import FoundationEssentials
import TerminalUI

extension CourseDetailState {
    /// Whether the assignments shown are the backend's answer and nothing since failed to bring
    /// them up to date: not a saved copy (the backend could not be asked yet, or not at all),
    /// nor an answer whose refresh failed (the network may have gone since).
    var assignmentsAreFresh: Bool {
        assignments.savedAt == nil && assignments.refreshFailure == nil
    }

    /// The hand-in flow with a blank row under it, or the last notice.
    func headerLines(width: Int, glyphs: Glyphs, now: Date) -> [StyledLine] {
        if let handIn {
            return handIn.lines(width: width, glyphs: glyphs, now: now) + [.blank]
        }
        if let reply {
            return reply.lines(width: width, glyphs: glyphs) + [.blank]
        }
        if let gradePrompt {
            return gradePrompt.lines(width: width, glyphs: glyphs) + [.blank]
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
    /// does not exist fails the other three sections alike, and one row says it).
    func contentLines(width: Int, glyphs: Glyphs, now: Date, syllabus syllabusLines: SyllabusRows?) -> DetailLines {
        guard courseID != nil else {
            return DetailLines([.text(StyledLine("Select a course and press Enter to open it.", style: .muted))])
        }
        var lines = section(overview, label: "course", width: width, glyphs: glyphs) { course in
            (DetailText.overview(course, width: width, now: now, glyphs: glyphs) + Self.gradeLines(course, width: width)).map(DetailLine.text)
        }
        if overview.value?.isRestricted == true {
            return DetailLines(lines)
        }
        // What is due comes before everything else a student reads.
        if shows(assignments) {
            lines += [.blank, .heading(StyledLine(heading("Assignments", count: assignments.value?.count), style: .accent), "assignments")]
            lines += section(assignments, label: "assignments", width: width, glyphs: glyphs) { assignments in
                AssignmentLayout.lines(for: assignments, width: width, now: now, glyphs: glyphs, changes: seenAssignments.changes)
            }
        }
        // A course with nothing recent or unread to announce has no section: most have none, and
        // an empty one would only push the syllabus and modules down.
        if shows(announcements), announcements.value?.isEmpty != true {
            lines += [.blank, .heading(StyledLine(heading("Announcements", count: announcements.value?.count), style: .accent), "announcements")]
            lines += section(announcements, label: "announcements", width: width, glyphs: glyphs) { announcements in
                AnnouncementLayout.lines(for: announcements, reading: reading, width: width, now: now, glyphs: glyphs)
            }
        }
        // A course without discussions (most, and every one where the backend keeps none here) has
        // no section, nor a loading row that would come and go above the syllabus.
        if shows(discussions), discussions.value?.isEmpty == false || discussions.failureMessage != nil {
            lines += [.blank, .heading(StyledLine(heading("Discussions", count: discussions.value?.count), style: .accent), "discussions")]
            lines += section(discussions, label: "discussions", width: width, glyphs: glyphs) { topics in
                DiscussionLayout.lines(for: topics, reading: discussionReading, width: width, now: now, glyphs: glyphs)
            }
        }
        // The syllabus's own lines go between what is above them and what follows, as they are.
        var head = lines
        var syllabusShown: SyllabusRows?
        lines = []
        if shows(syllabus) {
            head += [.blank, .heading(StyledLine("Syllabus", style: .accent), "syllabus")]
            let rows = section(syllabus, label: "syllabus", width: width, glyphs: glyphs) { _ in [] }
            if syllabus.value != nil {
                // A failed refresh's row, and the rest still being converted, follow the lines shown.
                syllabusShown = syllabusLines
                lines = rows
                if let since = syllabusPendingSince {
                    lines.append(.loading(label: "Reading the rest of the syllabus…", since: since, note: nil))
                }
            } else {
                head += rows
            }
        }
        if shows(modules) {
            lines += [.blank, .heading(StyledLine(heading("Modules", count: modules.value?.count), style: .accent), "modules")]
            lines += section(modules, label: "modules", width: width, glyphs: glyphs) { modules in
                DetailText.modules(modules, width: width, now: now, glyphs: glyphs)
            }
        }
        // How the total is made, once the backend has groups for it (a backend without any has no
        // section): after the modules, which are what a course is followed by week to week.
        if shows(grades), grades.value?.groups.isEmpty != true {
            let title = ["Grades", grades.value?.periodTitle].compactMap { $0 }.joined(separator: " · ")
            lines += [.blank, .heading(StyledLine(title, style: .accent), "grades")]
            lines += section(grades, label: "grades", width: width, glyphs: glyphs) { grades in
                GradesLayout.lines(for: grades, context: gradesContext, width: width)
            }
        }
        // Last: a course may hold hundreds of files, which would push the syllabus and modules out of reach.
        // A course that could not be read at all has no Files to speak of: its own row says why.
        if shows(files), files.failureMessage == nil || overview.failureMessage == nil {
            lines += [.blank, .heading(StyledLine(heading("Files", count: files.value?.files.count), style: .accent), "files")]
            lines += section(files, label: "files", width: width, glyphs: glyphs) { files in
                FilesLayout.lines(for: files, downloads: downloads, filesPage: filesPage, width: width, now: now, glyphs: glyphs)
            }
        }
        return DetailLines(head, syllabus: syllabusShown, tail: lines)
    }

    /// The user's current grade under the course's facts: the grading period's, and the total
    /// over all periods where the course shows it; why there is none where the course hides it.
    static func gradeLines(_ course: Course, width: Int) -> [StyledLine] {
        guard !course.isRestricted else { return [] }
        if course.hidesFinalGrades {
            return DetailText.wrap("Grade: the teacher hides course totals", width: width, style: .muted)
        }
        guard let grade = course.shownGrade else { return [] }
        var lines = DetailText.wrap("Grade: " + GradeText.full(grade) + (grade.period.map { " · \($0)" } ?? ""), width: width, style: .plain)
        if let total = course.allPeriodsGrade {
            lines += DetailText.wrap("All grading periods: " + GradeText.full(total), width: width, style: .plain)
        }
        return lines
    }

    /// The pane's one row about the saved copies it shows, with a blank row under it; none when it shows none.
    ///
    /// As many lines as the row takes now; each is made again as it is drawn, so the age and any wait count on.
    func savedCopyLines(width: Int, glyphs: Glyphs, now: Date) -> [DetailLine] {
        guard courseID != nil, let status = savedCopies else { return [] }
        let count = SavedCopyRow.lines(status, now: now, width: width, glyphs: glyphs).count
        return (0..<count).map { DetailLine.savedCopy(status, line: $0, width: width) } + [.blank]
    }

    /// Whether a section has something to say that the overview's row does not already say.
    private func shows<Value>(_ section: LoadState<Value>) -> Bool {
        guard let failure = section.failureMessage else { return true }
        return failure != overview.failureMessage
    }

    /// A section's heading, with how many it has once there are some.
    private func heading(_ title: String, count: Int?) -> String {
        guard let count, count > 0 else { return title }
        return "\(title) · \(count)"
    }

    private func section<Value>(
        _ section: LoadState<Value>,
        label: String,
        width: Int,
        glyphs: Glyphs,
        content: (Value) -> [DetailLine]
    ) -> [DetailLine] {
        switch section.phase {
        case .idle:
            return []
        case let .loading(since):
            return [.loading(label: "Loading \(label)…", since: since, note: section.note)]
        case let .failed(failure):
            return StatusRows.failure("Couldn't load \(label): \(failure.message)", width: width, glyphs: glyphs).map(DetailLine.text)
        case let .loaded(value):
            var lines = content(value)
            // A saved copy's failed refresh is the pane's one row; a fresh value's is said here.
            if section.savedAt == nil, let failure = section.refreshFailure {
                lines += StatusRows.failure("Couldn't refresh \(label): \(failure.message)", width: width, glyphs: glyphs).map(DetailLine.text)
            }
            return lines
        }
    }
}
