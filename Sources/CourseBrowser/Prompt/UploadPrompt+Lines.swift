import CourseKit
import TerminalUI

extension UploadPrompt {
    /// The prompt's rows: the field with its cursor, then a problem, the Tab candidates or how to use it.
    func lines(width: Int, glyphs: Glyphs) -> [StyledLine] {
        let label = "Upload file: "
        let text = editor.text
        let before = String(text.prefix(editor.cursor))
        let after = String(text.dropFirst(editor.cursor))
        let cursorCell = after.first.map(String.init) ?? " "
        let room = max(1, width - label.displayWidth - 1)
        let shownBefore = before.displayWidth > room ? glyphs.ellipsis + String(before.suffix(room - 1)) : before
        var lines = [StyledLine([
            .init(text: label, style: .accent),
            .init(text: shownBefore, style: .plain),
            .init(text: cursorCell, style: .selected),
            .init(text: String(after.dropFirst()), style: .plain),
        ])]
        if isQueuing {
            lines.append(StyledLine("Copying the file into the queue…", style: .muted))
        } else if let problem {
            lines += StatusRows.problem(problem, width: width, glyphs: glyphs)
        } else if !candidates.isEmpty {
            lines.append(StyledLine(candidates.joined(separator: "  "), style: .muted))
        } else {
            lines.append(StyledLine("Tab completes · Enter queues · Esc cancels", style: .muted))
        }
        return lines
    }
}
