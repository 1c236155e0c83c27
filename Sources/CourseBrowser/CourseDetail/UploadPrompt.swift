/// The Course pane's inline prompt for a file to upload.
struct UploadPrompt: Equatable {
    var editor = LineEditor()
    /// Why the last Enter didn't queue the file, shown under the field.
    var problem: String?
    /// Names that match the last Tab, when more than one does.
    var candidates: [String] = []
    /// True while the file is being captured into the queue.
    var isQueuing = false
}
