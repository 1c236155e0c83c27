import CourseKit
import Foundation
import TerminalUI

extension CourseDetailPane {
    /// Handles a key while the upload prompt is open; every key belongs to the prompt then.
    func handlePromptKey(_ key: Key) -> Bool {
        guard var prompt = uploadPrompt, !prompt.isQueuing else { return true }
        switch key {
        case .escape:
            uploadPrompt = nil
        case .tab:
            let completion = PathCompletion.complete(prompt.editor.text, home: home)
            prompt.editor.replace(with: completion.completed)
            prompt.candidates = completion.candidates
            prompt.problem = nil
            uploadPrompt = prompt
        case .enter:
            queueUpload(prompt)
        default:
            _ = prompt.editor.handle(key)
            prompt.problem = nil
            uploadPrompt = prompt
        }
        onChange()
        return true
    }

    /// Opens the prompt for the course on screen.
    func openUploadPrompt() -> Bool {
        guard courseID != nil else { return false }
        uploadPrompt = UploadPrompt()
        uploadNotice = nil
        onChange()
        return true
    }

    private func queueUpload(_ prompt: UploadPrompt) {
        let path = PathCompletion.expand(prompt.editor.text.trimmingCharacters(in: .whitespaces), home: home)
        guard let courseID, !path.isEmpty else {
            uploadPrompt?.problem = "Type the path of a file to upload"
            return
        }
        uploadPrompt?.isQueuing = true
        let queue = uploadQueue
        Task { [weak self] in
            do {
                let job = try await queue.enqueue(URL(fileURLWithPath: path), courseID)
                self?.uploadPrompt = nil
                self?.uploadNotice = "Queued \(job.fileName) for upload"
            } catch {
                self?.uploadPrompt?.isQueuing = false
                self?.uploadPrompt?.problem = userMessage(for: error)
            }
            self?.onChange()
        }
    }

    /// The prompt's rows: the field with its cursor, then a problem or the Tab candidates.
    func promptLines(width: Int, glyphs: Glyphs) -> [StyledLine] {
        if let notice = uploadNotice, uploadPrompt == nil {
            return [StyledLine(notice, style: Style(role: .success)), .blank]
        }
        guard let prompt = uploadPrompt else { return [] }
        let label = "Upload file: "
        let text = prompt.editor.text
        let before = String(text.prefix(prompt.editor.cursor))
        let after = String(text.dropFirst(prompt.editor.cursor))
        let cursorCell = after.first.map(String.init) ?? " "
        let room = max(1, width - label.displayWidth - 1)
        let shownBefore = before.displayWidth > room ? glyphs.ellipsis + String(before.suffix(room - 1)) : before
        var lines = [StyledLine([
            .init(text: label, style: .accent),
            .init(text: shownBefore, style: .plain),
            .init(text: cursorCell, style: .selected),
            .init(text: String(after.dropFirst()), style: .plain),
        ])]
        if prompt.isQueuing {
            lines.append(StyledLine("Copying the file into the queue…", style: .muted))
        } else if let problem = prompt.problem {
            lines += StatusRows.problem(problem, width: width, glyphs: glyphs)
        } else if !prompt.candidates.isEmpty {
            lines.append(StyledLine(prompt.candidates.joined(separator: "  "), style: .muted))
        } else {
            lines.append(StyledLine("Tab completes · Enter queues · Esc cancels", style: .muted))
        }
        return lines + [.blank]
    }
}
