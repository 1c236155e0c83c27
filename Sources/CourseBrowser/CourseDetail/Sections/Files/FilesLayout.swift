import CourseKit
import FoundationEssentials
import TerminalUI

/// Lays out a course's Files as a tree: each folder `▸ Lectures` with what it holds indented
/// under it, each file its name, size and last change, a lock and why, or how its download stands.
enum FilesLayout {
    /// Columns each level of folders indents what it holds.
    static let indentStep = 2

    static func lines(
        for files: CourseFiles, downloads: FileDownloads, filesPage: URL?, width: Int, now: Date, glyphs: Glyphs
    ) -> [DetailLine] {
        guard !files.files.isEmpty || files.folders.contains(where: { $0.parentID != nil }) else {
            return [.text(StyledLine("No files", style: .muted))]
        }
        let tree = FileTree(files)
        let sizes = files.files.compactMap(\.size).map { ByteSize.format($0).displayWidth }
        let dates = files.files.compactMap(\.updatedAt).map { DateText.short($0, now: now).displayWidth }
        var layout = Layout(
            tree: tree, downloads: downloads, filesPage: filesPage, width: width, now: now, glyphs: glyphs,
            sizeWidth: sizes.max() ?? 0, dateWidth: dates.max() ?? 0
        )
        layout.statusWidth = files.files.compactMap { layout.statusSpan(downloads.mark(of: $0))?.text.displayWidth }.max() ?? 0
        return layout.lines(files: tree.topFiles, folders: tree.topFolders, depth: 0, visited: [])
    }

    /// The arrow of a download, in the Course pane and the Uploads pane alike.
    static func downloadGlyph(_ glyphs: Glyphs) -> String {
        glyphs == .ascii ? "v" : "↓"
    }

    private struct Layout {
        let tree: FileTree
        let downloads: FileDownloads
        let filesPage: URL?
        let width: Int
        let now: Date
        let glyphs: Glyphs
        /// The fewest columns a name gets beside its facts; with fewer, the facts go on a line under it.
        static let nameRoom = 12
        /// The widest size and date of any file: every row's size and date take as many columns, so they line up.
        let sizeWidth: Int
        let dateWidth: Int
        /// The widest download status of any file; rows without one leave it blank, so the other columns line up.
        var statusWidth = 0

        /// The files, then each folder with what it holds, at `depth`.
        func lines(files: [CourseFile], folders: [CourseFolder], depth: Int, visited: Set<String>) -> [DetailLine] {
            var lines = files.flatMap { fileLines($0, depth: depth) }
            for folder in folders where !visited.contains(folder.id) {
                let inner = visited.union([folder.id])
                lines += folderLines(folder, depth: depth)
                lines += self.lines(files: tree.files(in: folder.id), folders: tree.folders(in: folder.id), depth: depth + 1, visited: inner)
            }
            return lines
        }

        private func folderLines(_ folder: CourseFolder, depth: Int) -> [DetailLine] {
            let indent = depth * FilesLayout.indentStep
            let marker = (folder.isLocked ? glyphs.lock + " " : "") + (glyphs == .ascii ? "> " : "▸ ")
            let name = Sanitizer.clean(Sanitizer.cut(folder.name))
            var lines = (marker + name).wrapped(toWidth: max(1, width - indent)).map {
                StyledLine(String(repeating: " ", count: indent) + $0, style: folder.isLocked ? .muted : .bold)
            }
            if folder.isLocked, let explanation = folder.lockExplanation {
                lines += DetailText.lockExplanation(explanation, indent: indent + 4, width: width)
            }
            let item = DetailItem(folder, filesPage: filesPage)
            return lines.map { DetailLine.item($0, item) }
        }

        /// `  name     1.2 MB  Mon 7 Dec 08:00  ↓ 45%`, the facts on a line of their own when
        /// the name would get too few columns beside them.
        private func fileLines(_ file: CourseFile, depth: Int) -> [DetailLine] {
            let margin = String(repeating: " ", count: depth * FilesLayout.indentStep)
            let mark = downloads.mark(of: file)
            let marker = (file.isLocked ? glyphs.lock : mark == .current ? glyphs.check : " ").padded(toWidth: 3)
            let name = Sanitizer.clean(Sanitizer.cut(file.name))
            let status = statusSpan(mark)
            let facts = facts(file, followed: statusWidth > 0)
            let tail = facts + (statusWidth > 0 ? "  " + (status?.text ?? "").padded(toWidth: statusWidth) : "")
            let lead = margin.count + marker.displayWidth
            let room = width - lead - tail.displayWidth - 2
            let nameStyle: Style = file.isLocked ? .muted : .plain
            let markerStyle: Style = file.isLocked ? .muted : Style(role: .success)
            var lines: [StyledLine]
            if tail.allSatisfy({ $0 == " " }) {
                lines = wrappedName(name, margin: margin, marker: marker, style: nameStyle, markerStyle: markerStyle)
            } else if room >= Self.nameRoom {
                let shown = name.truncated(toWidth: max(1, room), ellipsis: glyphs.ellipsis).padded(toWidth: max(1, room))
                let lead: [StyledLine.Span] = [
                    .init(text: margin, style: .plain), .init(text: marker, style: markerStyle), .init(text: shown + "  ", style: nameStyle),
                ]
                lines = [StyledLine(lead + tailSpans(facts: facts, status: status))]
            } else {
                lines = wrappedName(name, margin: margin, marker: marker, style: nameStyle, markerStyle: markerStyle)
                lines.append(StyledLine([.init(text: String(repeating: " ", count: lead), style: .plain)] + tailSpans(facts: facts, status: status)))
            }
            if file.isLocked, let explanation = file.lockExplanation {
                lines += DetailText.lockExplanation(explanation, indent: lead, width: width)
            }
            let item = DetailItem(file, filesPage: filesPage)
            return lines.map { DetailLine.item($0, item) }
        }

        /// The name wrapped under itself after the marker.
        private func wrappedName(_ name: String, margin: String, marker: String, style: Style, markerStyle: Style) -> [StyledLine] {
            let hanging = margin + String(repeating: " ", count: marker.displayWidth)
            return name.wrapped(toWidth: max(1, width - hanging.count)).enumerated().map { index, text in
                let lead: [StyledLine.Span] = index == 0
                    ? [.init(text: margin, style: .plain), .init(text: marker, style: markerStyle)]
                    : [.init(text: hanging, style: .plain)]
                return StyledLine(lead + [.init(text: text, style: style)])
            }
        }

        /// The size, right-aligned, and the date, each in its column; the date padded only when a status column follows it.
        private func facts(_ file: CourseFile, followed: Bool) -> String {
            var columns: [String] = []
            if sizeWidth > 0 {
                let size = file.size.map(ByteSize.format) ?? ""
                columns.append(String(repeating: " ", count: max(0, sizeWidth - size.displayWidth)) + size)
            }
            if dateWidth > 0 {
                let date = file.updatedAt.map { DateText.short($0, now: now) } ?? ""
                columns.append(followed ? date.padded(toWidth: dateWidth) : date)
            }
            return columns.joined(separator: "  ")
        }

        private func tailSpans(facts: String, status: StyledLine.Span?) -> [StyledLine.Span] {
            var spans: [StyledLine.Span] = [.init(text: facts, style: .muted)]
            if statusWidth > 0 {
                let text = (status?.text ?? "").padded(toWidth: statusWidth)
                spans.append(.init(text: (facts.isEmpty ? "" : "  ") + text, style: status?.style ?? .plain))
            }
            return spans
        }

        /// How the file's download stands, when one is in the queue.
        func statusSpan(_ mark: FileDownloads.Mark) -> StyledLine.Span? {
            let arrow = FilesLayout.downloadGlyph(glyphs)
            switch mark {
            case .none, .current: return nil
            case .queued: return .init(text: arrow + " queued", style: .muted)
            case let .downloading(fraction?): return .init(text: arrow + " \(Int(fraction * 100))%", style: .accent)
            case .downloading(nil): return .init(text: arrow + " downloading", style: .accent)
            case .waiting: return .init(text: arrow + " retrying", style: Style(role: .warning))
            case .failed: return .init(text: glyphs.failure + " download failed", style: .error)
            }
        }
    }
}
