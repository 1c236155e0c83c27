import CourseKit
import FoundationEssentials
import TerminalUI

/// One job of the queue as a row: state, file, course, size and what happens next; a download
/// marked `↓`, with how much arrived and where it went.
enum UploadRow {
    /// The row; `course` is what the job's course is called; `home` is the home folder, which a
    /// finished download's path is shown under as `~`.
    static func line(
        for job: UploadJob, course: String, progress: UploadProgress?, width: Int, glyphs: Glyphs, now: Date, home: String = ""
    ) -> StyledLine {
        var line = columns(job, course: course, width: width, glyphs: glyphs)
        let room = width - line.text.displayWidth
        if let download = job.download {
            line.spans += downloadStatus(job, download, progress: progress, room: room, glyphs: glyphs, now: now, home: home)
        } else {
            line.spans += status(job, progress: progress, room: room, glyphs: glyphs, now: now)
        }
        return line
    }

    /// Whether the row for `job` at `width` shows its failure or wait reason only in part.
    static func cutsReason(of job: UploadJob, width: Int, glyphs: Glyphs) -> Bool {
        // The columns' widths are fixed, whatever the course is called.
        let room = width - columns(job, course: "", width: width, glyphs: glyphs).text.displayWidth
        switch job.state {
        case let .failed(reason): return Sanitizer.clean(reason).displayWidth > room - 9
        case let .damaged(reason): return Sanitizer.clean(reason).displayWidth > room
        case let .waiting(_, reason): return Sanitizer.clean(reason).displayWidth + ", retry in 300s".count > room
        case .queued, .uploading, .done: return false
        }
    }

    /// The state glyph, file name, course and size columns.
    private static func columns(_ job: UploadJob, course: String, width: Int, glyphs: Glyphs) -> StyledLine {
        let nameWidth = max(8, min(32, width / 3))
        let arrow = job.isDownload ? FilesLayout.downloadGlyph(glyphs) + " " : ""
        let name = arrow + Sanitizer.clean(job.fileName)
        // The name already carries a download's arrow: an upload's ↑ beside it would contradict it.
        let stateGlyph = job.isDownload && job.state.isSending ? glyphs.bullet : glyph(job.state, glyphs: glyphs)
        return StyledLine([
            .init(text: stateGlyph + " ", style: style(job.state)),
            .init(text: name.truncated(toWidth: nameWidth, ellipsis: glyphs.ellipsis).padded(toWidth: nameWidth) + "  ", style: .plain),
            .init(text: Sanitizer.clean(course).truncated(toWidth: 10, ellipsis: glyphs.ellipsis).padded(toWidth: 10) + " ", style: .muted),
            .init(text: (job.sendsNoFiles ? "" : ByteSize.format(job.size)).padded(toWidth: 9) + " ", style: .muted),
        ])
    }

    /// What happens next for `job`, in `room` columns; a failure's `[r]etry` always stays visible.
    private static func status(_ job: UploadJob, progress: UploadProgress?, room: Int, glyphs: Glyphs, now: Date) -> [StyledLine.Span] {
        switch job.state {
        case .queued:
            let destination = job.submission.map { " for " + Sanitizer.clean($0.assignmentName) } ?? ""
            return [.init(text: ("queued" + destination).truncated(toWidth: max(1, room), ellipsis: glyphs.ellipsis), style: .muted)]
        case .uploading:
            guard let progress, job.size > 0 else { return [.init(text: job.isMessage ? "sending…" : "uploading…", style: .accent)] }
            let fraction = min(1, Double(progress.sentBytes) / Double(job.size))
            let rate = progress.rate(now: now)
            let speed = rate > 0 ? "  \(ByteSize.format(Int64(rate)))/s" : ""
            return [.init(text: bar(fraction, glyphs: glyphs) + " \(Int(fraction * 100))%" + speed, style: .accent)]
        case let .waiting(until, reason):
            let seconds = UploadJob.State.secondsLeft(until: until, from: now)
            return [.init(text: "\(reason), retry in \(seconds)s", style: Style(role: .warning))]
        case let .failed(reason):
            let shown = Sanitizer.clean(reason).truncated(toWidth: max(1, room - 9), ellipsis: glyphs.ellipsis)
            return [.init(text: shown + "  ", style: Style(role: .error)), .init(text: "[r]", style: .accent), .init(text: "etry", style: .plain)]
        case let .damaged(reason):
            // Nothing to retry: the record is unreadable. Removing it (d) is the way out.
            return [.init(text: Sanitizer.clean(reason).truncated(toWidth: max(1, room), ellipsis: glyphs.ellipsis), style: Style(role: .error))]
        case .done:
            return [.init(text: job.submittedSummary ?? (job.isMessage ? "sent" : "done"), style: Style(role: .success))]
        }
    }

    /// A download's state: as an upload's, but in bytes received, and where the file went once done.
    private static func downloadStatus(
        _ job: UploadJob, _ download: UploadJob.Download, progress: UploadProgress?, room: Int, glyphs: Glyphs, now: Date, home: String
    ) -> [StyledLine.Span] {
        let fit = { (text: String) in text.truncated(toWidth: max(1, room), ellipsis: glyphs.ellipsis) }
        switch job.state {
        case .queued:
            return [.init(text: fit("queued to download"), style: .muted)]
        case .uploading:
            guard let progress else { return [.init(text: fit("downloading…"), style: .accent)] }
            var text = "downloading " + ByteSize.format(progress.sentBytes)
            if let size = download.size, size > 0 {
                text += " of " + ByteSize.format(size)
            }
            let rate = progress.rate(now: now)
            if rate > 0 {
                text += " · \(ByteSize.format(Int64(rate)))/s"
            }
            return [.init(text: fit(text), style: .accent)]
        case .done:
            // The queue records where the file really went (`name (2).pdf` when the name was taken).
            let placed = job.files.first?.sourcePath ?? download.destination
            return [.init(text: fit("downloaded → " + HomeRelativePath.text(placed, home: home)), style: Style(role: .success))]
        case .waiting, .failed, .damaged:
            return status(job, progress: progress, room: room, glyphs: glyphs, now: now)
        }
    }

    /// The course's folder a download goes into, its code: the folder after `coursebrowser` in its destination.
    static func courseFolder(_ download: UploadJob.Download) -> String? {
        let parts = download.destination.split(separator: "/").map(String.init)
        guard let index = parts.lastIndex(of: "coursebrowser"), index + 2 < parts.count else { return nil }
        return parts[index + 1]
    }

    private static func bar(_ fraction: Double, glyphs: Glyphs) -> String {
        let cells = 10
        let filled = Int((fraction * Double(cells)).rounded(.down))
        let (full, empty) = glyphs == .ascii ? ("#", ".") : ("█", "░")
        return "[" + String(repeating: full, count: filled) + String(repeating: empty, count: cells - filled) + "]"
    }

    private static func glyph(_ state: UploadJob.State, glyphs: Glyphs) -> String {
        let unicode = glyphs != .ascii
        switch state {
        case .queued: return unicode ? "·" : "."
        case .uploading: return unicode ? "↑" : "^"
        case .waiting: return unicode ? "↻" : "~"
        case .failed, .damaged: return glyphs.failure
        case .done: return unicode ? "✓" : "+"
        }
    }

    private static func style(_ state: UploadJob.State) -> Style {
        switch state {
        case .queued: .muted
        case .uploading: .accent
        case .waiting: Style(bold: true, role: .warning)
        case .failed, .damaged: .error
        case .done: Style(bold: true, role: .success)
        }
    }
}
