import CourseKit
import FoundationEssentials

/// A course's sections as the panes' modules: each section a module, each activity an item.
enum MoodleModules {
    static func modules(_ sections: [MoodleSection]) -> [CourseModule] {
        sections.enumerated().map { index, section in
            let number = section.section?.value ?? index
            let closed = section.uservisible == false
            return CourseModule(
                id: String(section.id.value),
                name: MoodleText.name(section.name) ?? "Section \(number)",
                position: number,
                items: section.modules.map { item($0, sectionClosed: closed, reason: section.availabilityinfo) },
                progress: closed ? .locked : nil
            )
        }
    }

    private static func item(_ module: MoodleModule, sectionClosed: Bool, reason: String?) -> ModuleItem {
        let closed = sectionClosed || module.uservisible == false
        let explanation = (module.availabilityinfo ?? (sectionClosed ? reason : nil)).flatMap(MoodleText.name)
        return ModuleItem(
            id: String(module.id.value),
            title: MoodleText.name(module.name) ?? module.modname,
            type: itemType(module.modname),
            isLocked: closed,
            lockExplanation: closed ? explanation : nil,
            requirement: requirement(module),
            htmlURL: module.url.flatMap { URL(string: $0) },
            fileID: module.modname == "resource" ? MoodleFiles.mainFileID(of: module) : nil
        )
    }

    /// The kind of item as the panes name kinds (Canvas's words, where Moodle has the same kind).
    static func itemType(_ modname: String) -> String {
        switch modname {
        case "assign": return "Assignment"
        case "quiz": return "Quiz"
        case "forum": return "Discussion"
        case "resource": return "File"
        case "folder": return "Folder"
        case "url": return "ExternalUrl"
        case "page": return "Page"
        case "label": return "SubHeader"
        case "lti": return "ExternalTool"
        default: return modname.prefix(1).uppercased() + modname.dropFirst()
        }
    }

    /// What completing the module asks of the student, when the course tracks it for them.
    private static func requirement(_ module: MoodleModule) -> ModuleItem.Requirement? {
        guard let tracking = module.completion?.value, tracking != 0, let data = module.completiondata else { return nil }
        let kind: String
        if tracking == 1 {
            kind = "must_mark_done"
        } else {
            switch module.modname {
            case "assign", "quiz": kind = "must_submit"
            case "forum": kind = "must_contribute"
            default: kind = "must_view"
            }
        }
        // 1 complete, 2 complete with a pass; 3 is complete with a fail, which asks for more.
        return ModuleItem.Requirement(kind: kind, isCompleted: [1, 2].contains(data.state.value))
    }
}
