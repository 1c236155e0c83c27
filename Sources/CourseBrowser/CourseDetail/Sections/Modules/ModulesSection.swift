import CourseKit
import FoundationEssentials

/// The course's modules and their items, week by week.
struct ModulesSection: CourseSection {
    static let kind = CourseDetailState.Section.modules
    static let label = "modules"
    private(set) var load = LoadState<[CourseModule]>()

    mutating func update(_ event: LoadEvent<[CourseModule]>) {
        load.apply(event)
    }

    func lines(in context: SectionContext) -> [DetailLine] {
        guard context.shows(load) else { return [] }
        return Self.heading("Modules", count: load.value?.count, landmark: "modules")
            + rows(width: context.width, glyphs: context.glyphs) { modules in
                DetailText.modules(modules, width: context.width, now: context.now, glyphs: context.glyphs)
            }
    }
}
