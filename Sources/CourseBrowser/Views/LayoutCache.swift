/// Lines laid out once for a key (a width, the glyphs, a version of the content) and reused
/// until the key changes.
///
/// Wrapping a long syllabus takes far longer than drawing a screen of it, and the text only
/// changes when new data arrives or the pane is resized; every other frame reuses the lines.
struct LayoutCache<Key: Equatable, Output> {
    private var entry: (key: Key, output: Output)?
    /// How many times the output was laid out, rather than reused.
    private(set) var layouts = 0

    /// The output for `key`: the one kept, or a new one from `make` when the key changed.
    mutating func output(for key: Key, make: () -> Output) -> Output {
        if let entry, entry.key == key { return entry.output }
        let output = make()
        entry = (key, output)
        layouts += 1
        return output
    }
}
