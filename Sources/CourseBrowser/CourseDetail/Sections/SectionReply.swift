/// What a section did with a key: the effects to perform, and what the pane is to change around them.
struct SectionReply {
    var effects: [CourseDetailState.Effect] = []
    /// The item to select once its line shows.
    var select: String?
    /// The course file to select in the Files section, as Enter on a module's file does.
    var showFile: String?
}
