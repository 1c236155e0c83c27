import CourseKit
import FoundationEssentials

/// The course's modules and their items, week by week.
struct ModulesSection: FetchedSection {
    static let kind = CourseSectionKind.modules
    static let label = "modules"
    private(set) var load = LoadState<[CourseModule]>()

    mutating func update(_ event: LoadEvent<[CourseModule]>) -> [CourseDetailState.Effect] {
        load.apply(event)
        return []
    }

    static func source(_ environment: EnvironmentValues) -> SectionSource<[CourseModule]> {
        let client = environment.courseClient
        return SectionSource(saved: environment.savedCopies.modules) { try await client.modules($0, $1) }
    }

    func lines(in context: SectionContext) -> SectionLines {
        guard context.shows(load) else { return SectionLines() }
        return SectionLines(
            Self.heading("Modules", count: load.value?.count, landmark: "modules")
                + rows(width: context.width, glyphs: context.glyphs) { modules in
                    DetailText.modules(modules, width: context.width, now: context.now, glyphs: context.glyphs)
                }
        )
    }
}

extension ModulesSection {
    /// The course file the module item `id` is, for an item of type File.
    func file(item id: String?) -> String? {
        guard let id else { return nil }
        for module in load.value ?? [] {
            if let item = module.items.first(where: { DetailItem.id(ofItem: $0.id, inModule: module.id) == id }) { return item.fileID }
        }
        return nil
    }

    func availability(of action: CourseDetailState.Action, in pane: CourseDetailState) -> Availability? {
        action == .read && file(item: pane.selectedItem) != nil ? .enabled : nil
    }

    /// Enter on a module's file selects it in the Files section.
    mutating func read(item id: String) -> SectionReply? {
        file(item: id).map { SectionReply(showFile: $0) }
    }
}

extension CourseSectionKind {
    static let modules = CourseSectionKind("modules")
}
