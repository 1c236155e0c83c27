import CourseKit
import Foundation
import TerminalUI

/// One job of the queue as a row: state, file, course, size and what happens next.
enum UploadRow {
    static func line(for job: UploadJob, progress: UploadProgress?, width: Int, glyphs: Glyphs, now: Date) -> StyledLine {
        let nameWidth = max(8, min(32, width / 3))
        var spans: [StyledLine.Span] = [
            .init(text: glyph(job.state, glyphs: glyphs) + " ", style: style(job.state)),
            .init(text: Sanitizer.clean(job.fileName).truncated(toWidth: nameWidth, ellipsis: glyphs.ellipsis).padded(toWidth: nameWidth) + "  ", style: .plain),
            .init(text: Sanitizer.clean(job.courseID.rawValue).truncated(toWidth: 10).padded(toWidth: 10) + " ", style: .muted),
            .init(text: ByteSize.format(job.size).padded(toWidth: 9) + " ", style: .muted),
        ]
        let room = width - StyledLine(spans).text.displayWidth
        spans += status(job, progress: progress, room: room, glyphs: glyphs, now: now)
        return StyledLine(spans)
    }

    /// What happens next for `job`, in `room` columns; a failure's `[r]etry` always stays visible.
    private static func status(_ job: UploadJob, progress: UploadProgress?, room: Int, glyphs: Glyphs, now: Date) -> [StyledLine.Span] {
        switch job.state {
        case .queued:
            return [.init(text: "queued", style: .muted)]
        case .uploading:
            guard let progress, job.size > 0 else { return [.init(text: "uploading…", style: .accent)] }
            let fraction = min(1, Double(progress.sentBytes) / Double(job.size))
            let rate = progress.rate(now: now)
            let speed = rate > 0 ? "  \(ByteSize.format(Int64(rate)))/s" : ""
            return [.init(text: bar(fraction, glyphs: glyphs) + " \(Int(fraction * 100))%" + speed, style: .accent)]
        case let .waiting(until, reason):
            let seconds = max(0, Int(until.timeIntervalSince(now).rounded(.up)))
            return [.init(text: "\(reason), retry in \(seconds)s", style: Style(role: .warning))]
        case let .failed(reason):
            let shown = Sanitizer.clean(reason).truncated(toWidth: max(1, room - 9), ellipsis: glyphs.ellipsis)
            return [.init(text: shown + "  ", style: Style(role: .error)), .init(text: "[r]", style: .accent), .init(text: "etry", style: .plain)]
        case .done:
            return [.init(text: "done", style: Style(role: .success))]
        }
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
        case .failed: return glyphs.failure
        case .done: return unicode ? "✓" : "+"
        }
    }

    private static func style(_ state: UploadJob.State) -> Style {
        switch state {
        case .queued: .muted
        case .uploading: .accent
        case .waiting: Style(bold: true, role: .warning)
        case .failed: .error
        case .done: Style(bold: true, role: .success)
        }
    }
}
