extension HTMLText {
    /// What an open element means for layout.
    enum Role: Equatable {
        /// A plain block such as `p` or `div`: it separates paragraphs but does not change their kind.
        case flow
        case heading(level: Int)
        case list(ordered: Bool, depth: Int)
        case item(marker: String, depth: Int)
        case quote
        case preformatted
        case table
        case row
        case cell

        /// Whether this is a heading of any level.
        var isHeading: Bool {
            if case .heading = self { return true }
            return false
        }

        /// The nesting depth of a list; 0 for other roles.
        var listDepth: Int {
            if case .list(_, let depth) = self { return depth }
            return 0
        }
    }

    /// The open elements that matter at some point of the document, by index into the stack.
    ///
    /// Each element stores the scope in effect inside it, so every "nearest enclosing …"
    /// question is answered in O(1) instead of by walking the stack.
    struct Scope {
        /// The nearest non-`flow` element: it decides what a paragraph break means.
        var container: Int?
        /// The nearest element that decides the kind of emitted blocks.
        var kindSource: Int?
        var list: Int?
        /// The open `li` of the nearest list.
        var item: Int?
        var table: Int?
        /// The open `tr` of the nearest table.
        var row: Int?
        /// The open `td`/`th` of the nearest table.
        var cell: Int?
        var inPre = false
    }

    /// An element on the builder's stack of open block elements.
    struct OpenElement {
        let tag: Tag
        let role: Role
        let scope: Scope
        /// For lists: the number the next `li` receives.
        var nextNumber = 1
        /// For list items: whether a block already carried the marker.
        var markerShown = false
        /// For rows: the text of the cells closed so far.
        var cells: [String] = []
    }

    /// An `<a href>` whose label is still being collected.
    struct OpenLink {
        let href: String
        /// Where the label starts in the line buffer, as a UTF-8 offset.
        var start: Int
    }
}
