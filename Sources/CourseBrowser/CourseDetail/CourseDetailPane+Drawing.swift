import CourseKit
import Foundation
import TerminalUI

extension CourseDetailPane {
    func draw(into grid: inout Grid, rect: Rect, focused: Bool) {
        let full = Rect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: rect.height)
        let prompt = promptLines(width: full.width, glyphs: grid.glyphs)
        for (row, line) in prompt.prefix(full.height).enumerated() {
            grid.draw(line, x: full.x, y: full.y + row, width: full.width)
        }
        let (_, content) = full.splitTop(prompt.count)
        let lines = self.lines(width: content.width, glyphs: grid.glyphs)
        visibleRows = max(1, content.height)
        scroll = min(scroll, max(0, lines.count - content.height))
        for (row, line) in lines.dropFirst(scroll).prefix(content.height).enumerated() {
            grid.draw(line, x: content.x, y: content.y + row, width: content.width)
        }
        lineCount = lines.count
    }

    /// Every line of the pane at `width`, sections in order.
    ///
    /// A section is left out when the course itself can't be shown: a course restricted by
    /// date, or a failure the overview already reports in the same words (a course that
    /// does not exist fails all three sections alike, and one row says it).
    func lines(width: Int, glyphs: Glyphs) -> [StyledLine] {
        guard courseID != nil else {
            return [StyledLine("Select a course and press Enter to open it.", style: .muted)]
        }
        let now = clock.now()
        var lines = section(overview, label: "course", width: width, glyphs: glyphs, now: now) { course in
            DetailText.overview(course, width: width, now: now, glyphs: glyphs)
        }
        if overview.state.value?.isRestricted == true {
            return lines
        }
        if shows(syllabus) {
            lines += [.blank, StyledLine("Syllabus", style: .accent)]
            lines += section(syllabus, label: "syllabus", width: width, glyphs: glyphs, now: now) { blocks in
                DetailText.syllabus(blocks, width: width, glyphs: glyphs)
            }
        }
        if shows(modules) {
            lines += [.blank, StyledLine(modulesHeading, style: .accent)]
            lines += section(modules, label: "modules", width: width, glyphs: glyphs, now: now) { modules in
                DetailText.modules(modules, width: width, now: now, glyphs: glyphs)
            }
        }
        return lines
    }

    /// Whether a section has something to say that the overview's row does not already say.
    private func shows<Value>(_ loader: Loader<Value>) -> Bool {
        guard let failure = loader.state.failureMessage else { return true }
        return failure != overview.state.failureMessage
    }

    private var modulesHeading: String {
        guard let count = modules.state.value?.count, count > 0 else { return "Modules" }
        return "Modules · \(count)"
    }

    private func section<Value>(
        _ loader: Loader<Value>,
        label: String,
        width: Int,
        glyphs: Glyphs,
        now: Date,
        content: (Value) -> [StyledLine]
    ) -> [StyledLine] {
        switch loader.state {
        case .idle:
            return []
        case let .loading(since):
            return [StatusRows.loading("Loading \(label)…", since: since, now: now, glyphs: glyphs, note: loader.note)]
        case let .failed(failure):
            return StatusRows.failure("Couldn't load \(label): \(failure.message)", width: width, glyphs: glyphs)
        case let .loaded(value):
            return content(value)
        }
    }
}
