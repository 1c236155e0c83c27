/// Which section of the Course pane something is about: the effects that load one again, and
/// the reports of its failures. Each section declares its own beside its type.
struct CourseSectionKind: Hashable, Sendable {
    /// The section's name in reports: "files".
    let name: String

    init(_ name: String) {
        self.name = name
    }
}
