import CourseKit
import Foundation
import TerminalUI

/// One job of the queue as a row: state, file, course, size and what happens next.
enum UploadRow {
    static func line(for job: UploadJob, width: Int, glyphs: Glyphs, now: Date) -> StyledLine {
        let (glyph, status, style) = describe(job.state, glyphs: glyphs, now: now)
        let name = Sanitizer.clean(job.fileName).padded(toWidth: max(8, width / 3))
        let size = ByteCountFormatter.string(fromByteCount: job.size, countStyle: .file)
        return StyledLine([
            .init(text: glyph + " ", style: style),
            .init(text: name + " ", style: .plain),
            .init(text: job.courseID.rawValue + "  " + size + "  ", style: .muted),
            .init(text: status, style: style),
        ])
    }

    private static func describe(_ state: UploadJob.State, glyphs: Glyphs, now: Date) -> (String, String, Style) {
        switch state {
        case .queued: return ("·", "queued", .plain)
        case .uploading: return ("↑", "uploading", .accent)
        case let .waiting(until, reason):
            let seconds = max(0, Int(until.timeIntervalSince(now).rounded(.up)))
            return ("…", "\(reason), retry in \(seconds)s", Style(role: .warning))
        case let .failed(reason): return (glyphs.failure, reason, .error)
        case .done: return ("✓", "done", Style(role: .success))
        }
    }
}
