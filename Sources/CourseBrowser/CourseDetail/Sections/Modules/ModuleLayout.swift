import CourseKit
import FoundationEssentials
import TerminalUI

/// Lays out one module: its name with its lock or progress, then its items.
enum ModuleLayout {
    static func lines(for module: CourseModule, width: Int, now: Date, glyphs: Glyphs) -> [DetailLine] {
        var lines = heading(module, width: width, now: now, glyphs: glyphs).map(DetailLine.text)
        if module.items.isEmpty {
            lines.append(.text(StyledLine("  (no items)", style: .muted)))
        }
        var explained: Set<String> = []
        // The marker column is only there when some item has a lock or a requirement to show.
        let markers = module.items.contains { $0.isLocked || $0.requirement?.isCompleted != nil }
        for item in module.items {
            // A locked module locks every item for the same reason; saying it once is enough.
            let explanation = item.lockExplanation.flatMap { explained.insert($0).inserted ? $0 : nil }
            let entry = DetailItem(item, of: module)
            lines += itemLines(item, explanation: explanation, markers: markers, width: width, glyphs: glyphs).map { DetailLine.item($0, entry) }
        }
        return lines
    }

    private static func heading(_ module: CourseModule, width: Int, now: Date, glyphs: Glyphs) -> [StyledLine] {
        let locked = module.isLocked(at: now)
        var status: String?
        if locked {
            status = module.unlockAt.flatMap { $0 > now ? DateText.opens($0, now: now) : nil } ?? "locked"
        } else if module.progress == .completed {
            status = "completed"
        }
        let marker = locked ? glyphs.lock + " " : (module.progress == .completed ? glyphs.check + " " : "")
        let name = Sanitizer.clean(Sanitizer.cut(module.name))
        let suffix = status.map { " · " + $0 } ?? ""
        var wrapped = (marker + name + suffix).wrapped(toWidth: width).map { StyledLine($0, style: locked ? .muted : .bold) }
        if locked, !wrapped.isEmpty {
            wrapped[0] = StyledLine(wrapped[0].text, style: Style(bold: true, dim: true, role: .muted))
        }
        return wrapped
    }

    private static func itemLines(_ item: ModuleItem, explanation: String?, markers: Bool, width: Int, glyphs: Glyphs) -> [StyledLine] {
        let tag = DetailText.itemTag(item.type)
        let marker: String
        if item.isLocked {
            marker = glyphs.lock
        } else if let done = item.requirement?.isCompleted {
            marker = done ? glyphs.check : glyphs.todo
        } else {
            marker = " "
        }
        var line = StyledLine([
            .init(text: "  " + tag.padded(toWidth: 6) + " ", style: .muted),
            .init(text: markers ? marker.padded(toWidth: 3) : "", style: item.isLocked ? .muted : Style(role: item.requirement?.isCompleted == true ? .success : .muted)),
            .init(text: Sanitizer.clean(Sanitizer.cut(item.title)), style: item.isLocked ? .muted : .plain),
        ])
        if let requirement = item.requirement, requirement.isCompleted == false, !item.isLocked {
            line.spans.append(.init(text: " · " + requirement.summary, style: .muted))
        }
        var lines = [line]
        if let explanation {
            lines += DetailText.lockExplanation(explanation, indent: markers ? 12 : 9, width: width)
        }
        return lines
    }
}
