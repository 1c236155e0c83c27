import CourseKit
import FoundationEssentials
import TerminalUI

extension UploadsState {
    /// Draws the window of job rows `update` placed, then the rows under them.
    func draw(into grid: inout Grid, rect: Rect, focused: Bool, now: Date) {
        let content = Rect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: rect.height)
        let jobs = jobs
        let trailing = trailingLines(width: content.width, glyphs: grid.glyphs, now: now)
        let listRect = Rect(x: content.x, y: content.y, width: content.width, height: max(0, content.height - trailing.count))
        let selection = selection
        list.draw(count: jobs.count, in: listRect, into: &grid) { index, line, grid in
            let job = jobs[index]
            let row = UploadRow.line(for: job, course: courseLabel(of: job), progress: progress[job.id], width: line.width, glyphs: grid.glyphs, now: now, home: home)
            grid.draw(row, x: line.x, y: line.y, width: line.width)
            if focused, index == selection {
                grid.setStyle(.selected, in: line)
            }
        }
        let top = content.y + min(list.visibleRange(count: jobs.count).count, listRect.height)
        for (row, line) in trailing.enumerated() {
            grid.draw(line, x: content.x, y: top + row, width: content.width)
        }
    }

    /// Rows under the jobs: loading, errors, the empty state, a confirmation or a notice, and
    /// where there is room, the selected job's whole reason when its row cuts it short.
    func trailingLines(width: Int, glyphs: Glyphs, now: Date) -> [StyledLine] {
        var lines = statusLines(width: width, glyphs: glyphs, now: now)
        let reason = reasonLines(width: width, glyphs: glyphs)
        if !reason.isEmpty, size.height - lines.count - jobs.count > reason.count {
            lines += [.blank] + reason
        }
        return lines
    }

    /// The selected job's whole reason for failing or waiting, wrapped, when it is longer than its row shows.
    private func reasonLines(width: Int, glyphs: Glyphs) -> [StyledLine] {
        guard let job = selectedJob, let reason = job.lastError, UploadRow.cutsReason(of: job, width: width, glyphs: glyphs) else { return [] }
        let text = Sanitizer.clean(Sanitizer.cut("\(job.fileName): \(reason)"))
        return text.wrapped(toWidth: width).map { StyledLine($0, style: .muted) }
    }

    private func statusLines(width: Int, glyphs: Glyphs, now: Date) -> [StyledLine] {
        switch queue.phase {
        case .idle:
            return []
        case let .loading(since):
            return [StatusRows.loading("Reading the upload queue…", since: since, now: now, glyphs: glyphs)]
        case let .failed(failure):
            return StatusRows.failure("Couldn't read the upload queue: \(failure.message)", width: width, glyphs: glyphs)
        case let .loaded(jobs):
            var lines: [StyledLine] = []
            if let failure = queue.refreshFailure {
                lines += StatusRows.failure("Couldn't read the upload queue again: \(failure.message)", width: width, glyphs: glyphs)
            }
            if let writeProblem {
                lines += StatusRows.problem("\(writeProblem). Nothing is queued or sent until it can be written.", width: width, glyphs: glyphs)
            }
            if jobs.isEmpty {
                let what = addsCourseFiles ? "hand-ins, uploads and downloads" : "hand-ins and downloads"
                lines.append(StyledLine("Nothing queued: \(what) wait here until sent.", style: .muted))
            }
            if let id = confirmingRemoval, let job = jobs.first(where: { $0.id == id }) {
                let question = job.submission?.mayHaveBeenSent == true
                    ? "Remove \(job.fileName) from the queue? It may already be handed in; queueing it again could hand it in twice. y/n"
                    : "Remove \(job.fileName) from the queue? y/n"
                lines.append(StyledLine(question, style: Style(bold: true, role: .warning)))
            }
            if let notice {
                lines += notice.lines(width: width)
            }
            return lines
        }
    }

    /// When a countdown to a retry in a row on screen next shows a second less; nil when none does.
    func nextCountdownChange(after now: Date) -> Date? {
        let jobs = jobs
        return list.visibleRange(count: jobs.count).compactMap { index -> Date? in
            guard case let .waiting(until, _) = jobs[index].state else { return nil }
            return ScreenTicks.countdown(to: until, after: now)
        }.min()
    }
}
