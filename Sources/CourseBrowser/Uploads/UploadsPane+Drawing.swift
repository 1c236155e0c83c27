import CourseKit
import Foundation
import TerminalUI

extension UploadsPane {
    func draw(into grid: inout Grid, rect: Rect, focused: Bool) {
        let content = Rect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: rect.height)
        var extra = extraLines(width: content.width, glyphs: grid.glyphs)
        // A row cuts a long reason short; where there is room, the selected job's is said in full below.
        let detail = reasonLines(width: content.width, glyphs: grid.glyphs)
        if !detail.isEmpty, content.height - extra.count - jobs.count > detail.count {
            extra += [.blank] + detail
        }
        let listHeight = max(0, content.height - extra.count)
        visibleRows = max(1, listHeight)
        let now = clock.now()
        let progress = queue.progress()
        viewport.reveal(selection, height: listHeight, count: jobs.count)
        let range = viewport.visibleRange(height: listHeight, count: jobs.count)
        for (row, index) in range.enumerated() {
            let job = jobs[index]
            let line = UploadRow.line(for: job, progress: progress[job.id], width: content.width, glyphs: grid.glyphs, now: now)
            let y = content.y + row
            grid.draw(line, x: content.x, y: y, width: content.width)
            if focused, index == selection {
                grid.setStyle(.selected, in: Rect(x: content.x, y: y, width: content.width, height: 1))
            }
        }
        for (row, line) in extra.enumerated() {
            grid.draw(line, x: content.x, y: content.y + range.count + row, width: content.width)
        }
    }

    /// The selected job's whole reason for failing or waiting, wrapped, when it is longer than its row shows.
    private func reasonLines(width: Int, glyphs: Glyphs) -> [StyledLine] {
        guard let job = selectedJob, UploadRow.cutsReason(of: job, width: width, glyphs: glyphs) else { return [] }
        let reason: String
        switch job.state {
        case let .failed(text), let .waiting(_, text): reason = text
        case .queued, .uploading, .done: return []
        }
        let text = Sanitizer.clean(Sanitizer.cut("\(job.fileName): \(reason)"))
        return text.wrapped(toWidth: width).map { StyledLine($0, style: .muted) }
    }

    /// Rows under the jobs: loading, errors, the empty state, a confirmation or a notice.
    private func extraLines(width: Int, glyphs: Glyphs) -> [StyledLine] {
        switch loader.state {
        case .idle:
            return []
        case let .loading(since):
            return [StatusRows.loading("Reading the upload queue…", since: since, now: clock.now(), glyphs: glyphs)]
        case let .failed(failure):
            return StatusRows.failure("Couldn't read the upload queue: \(failure.message)", width: width, glyphs: glyphs)
        case let .loaded(jobs):
            var lines: [StyledLine] = []
            if jobs.isEmpty {
                lines.append(StyledLine("No uploads queued. Open a course and press u to add a file.", style: .muted))
            }
            if let id = confirmingRemoval, let job = jobs.first(where: { $0.id == id }) {
                lines.append(StyledLine("Remove \(job.fileName) from the queue? y/n", style: Style(bold: true, role: .warning)))
            }
            if let notice {
                lines.append(StyledLine(notice, style: .error))
            }
            return lines
        }
    }
}
