import CourseKit
import TerminalUI

/// What the Course pane says once the queue answered `d`: how many were queued, and why the
/// others were not.
enum DownloadNotice {
    /// The notice for `outcome`: one file by its name, several by how many of each.
    static func notice(for outcome: DownloadBatch.Outcome, of batch: DownloadBatch, glyphs: Glyphs) -> Notice {
        let names = Dictionary(batch.entries.map { ($0.file.id, Sanitizer.clean($0.file.name)) }) { first, _ in first }
        // One file chosen: its name says what happened to it.
        if batch.entries.count == 1, let file = batch.entries.first?.file, let name = names[file.id] {
            let id = file.id
            if let reason = outcome.refused[id] {
                let text = file.isLocked ? "\(glyphs.lock) locked: \(reason)" : "\(name) can't be downloaded: \(reason)"
                return Notice(text: text, isProblem: true)
            }
            if outcome.current[id] != nil {
                return Notice(text: "\(name) is already downloaded", isNote: true)
            }
            if outcome.alreadyQueued.contains(id) {
                return Notice(text: "\(name) is already queued", isNote: true)
            }
        }
        var parts: [String] = []
        if !outcome.queued.isEmpty {
            let count = outcome.queued.count
            let changed = outcome.changed.isEmpty ? "" : " (\(outcome.changed.count) changed since downloaded)"
            parts.append("Queued \(count) download" + (count == 1 ? "" : "s") + changed)
        }
        if !outcome.current.isEmpty {
            parts.append("\(outcome.current.count) already downloaded")
        }
        if !outcome.alreadyQueued.isEmpty {
            parts.append("\(outcome.alreadyQueued.count) already queued")
        }
        if !outcome.refused.isEmpty {
            let shown = outcome.refused.keys.sorted().prefix(1).compactMap { id in outcome.refused[id].map { "\(names[id] ?? id): \($0)" } }
            parts.append("\(glyphs.lock) \(outcome.refused.count) can't be downloaded (" + shown.joined() + (outcome.refused.count > 1 ? ", …" : "") + ")")
        }
        guard !parts.isEmpty else { return Notice(text: "Nothing to download", isNote: true) }
        return Notice(text: parts.joined(separator: " · "), isProblem: outcome.queued.isEmpty && !outcome.refused.isEmpty)
    }
}
