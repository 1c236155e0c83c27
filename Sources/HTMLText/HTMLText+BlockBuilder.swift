extension HTMLText {
    /// Turns the token stream into blocks, recovering from bad nesting the way browsers roughly do.
    struct BlockBuilder {
        /// Real syllabi nest a few dozen levels at most; the cap bounds work on pathological input.
        private static let maxOpenElements = 64
        /// The most bytes of text a block holds before it is cut at a break and handed over in
        /// parts: a few milliseconds of wrapping each, and a first screenful at once, however long
        /// a paragraph (or a table cell laid out as one) runs.
        static let longestBlock = 16 * 1024

        private var blocks: [TextBlock] = []
        private var stack: [OpenElement] = []
        private var line = LineBuffer()
        private var link: OpenLink?
        private var media: OpenMedia?
        /// What the last cut took out, while the rest of that block is being built.
        private var cutSeparator: String?

        /// The scope of the innermost open element, kept apart because nearly every token asks for it.
        private var scope = Scope()
        /// Inside a table cell every block boundary shrinks to a space so the row stays one line.
        private var inCell: Bool { scope.cell != nil }
        private var keepsSpacing: Bool { scope.inPre && scope.cell == nil }

        /// Applies one token to the open elements and the current block.
        mutating func consume(_ token: Token) {
            guard media == nil else {
                consumeInsideMedia(token)
                return
            }
            switch token {
            case .text(let text):
                appendText(text)
            case .startTag(let name, let attributes, let selfClosing):
                if let tag = Tag(name: name) {
                    open(tag, attributes: attributes, selfClosing: selfClosing)
                }
            case .endTag(let name):
                if let tag = Tag(name: name) {
                    close(tag)
                }
            }
        }

        /// Hands over the blocks ended so far and forgets them: a block, once ended, never changes.
        mutating func takeBlocks() -> [TextBlock] {
            defer { blocks = [] }
            return blocks
        }

        /// Closes whatever is still open and returns all blocks.
        mutating func finish() -> [TextBlock] {
            closeMedia()
            closeElements(from: 0)
            flush()
            return blocks
        }

        // MARK: Start tags

        /// Handles a start tag of a known element.
        private mutating func open(_ tag: Tag, attributes: [String: String], selfClosing: Bool) {
            switch tag {
            case .br:
                lineBreak()
            case .hr:
                rule()
            case .img:
                appendText(Self.imageText(alt: attributes["alt"]))
            case .iframe, .embed:
                show(Embed(tag, attributes: attributes))
            case .video, .audio, .object:
                media = OpenMedia(embed: Embed(tag, attributes: attributes))
                // Browsers would take what follows "<video/>" as its fallback; here the page goes on.
                if selfClosing { closeMedia() }
            case .source, .param:
                // Only a source of an open video or audio means something.
                break
            case .a:
                openLink(href: attributes["href"])
                // Other non-void elements ignore "/>" in HTML, but an empty link is worth showing.
                if selfClosing { closeLink() }
            case .ul, .menu:
                openList(tag, ordered: false, attributes: attributes)
            case .ol:
                openList(tag, ordered: true, attributes: attributes)
            case .li:
                openItem(attributes: attributes)
            case .table:
                openBlock(tag, role: .table)
            case .tr:
                openRow()
            case .td, .th:
                openCell(tag)
            case .blockquote:
                openBlock(tag, role: .quote)
            case .pre:
                openBlock(tag, role: .preformatted)
            case .h1, .h2, .h3, .h4, .h5, .h6:
                // Headings cannot nest: "<h1>a<h2>b" is two headings.
                if let top = stack.last, case .heading = top.role {
                    closeElements(from: stack.count - 1)
                }
                openBlock(tag, role: .heading(level: tag.headingLevel ?? 1))
            case .dt, .dd:
                if let top = stack.last, top.tag == .dt || top.tag == .dd {
                    closeElements(from: stack.count - 1)
                }
                openBlock(tag, role: .flow)
            default:
                openBlock(tag, role: .flow)
            }
        }

        /// Ends the current block as the new element requires, then opens it.
        private mutating func openBlock(_ tag: Tag, role: Role) {
            closeOpenParagraph()
            if role == .flow || role.isHeading {
                breakParagraph()
            } else {
                breakStructure()
            }
            push(tag, role: role)
        }

        /// Opens `ul`/`ol`, one level deeper than the enclosing list.
        private mutating func openList(_ tag: Tag, ordered: Bool, attributes: [String: String]) {
            closeOpenParagraph()
            breakStructure()
            let depth = scope.list.map { stack[$0].role.listDepth + 1 } ?? 0
            push(tag, role: .list(ordered: ordered, depth: depth), nextNumber: Self.integer(attributes["start"]) ?? 1)
        }

        /// Opens an `li`, numbering it when its list is ordered.
        private mutating func openItem(attributes: [String: String]) {
            closeOpenParagraph()
            // "<li>a<li>b": a new item implicitly closes the open one of the same list.
            if let item = scope.item {
                closeElements(from: item)
            }
            breakStructure()
            var marker = "•"
            var depth = 0
            if let listIndex = scope.list, case .list(let ordered, let listDepth) = stack[listIndex].role {
                depth = listDepth
                if ordered {
                    let number = Self.integer(attributes["value"]) ?? stack[listIndex].nextNumber
                    marker = "\(number)."
                    stack[listIndex].nextNumber = number == Int.max ? number : number + 1
                }
            }
            push(.li, role: .item(marker: marker, depth: depth))
        }

        /// Opens a `tr`, closing the previous row of the same table.
        private mutating func openRow() {
            closeOpenParagraph()
            // A bare "<tr>" fragment still reads best as a table row.
            if scope.table == nil {
                openBlock(.table, role: .table)
            }
            if let row = scope.row {
                closeElements(from: row)
            }
            // Stray text between rows gets a paragraph of its own.
            breakStructure()
            push(.tr, role: .row)
        }

        /// Opens a `td`/`th`, closing the previous cell and supplying a missing table or row.
        private mutating func openCell(_ tag: Tag) {
            closeOpenParagraph()
            if scope.table == nil {
                openBlock(.table, role: .table)
            }
            if let cell = scope.cell {
                closeElements(from: cell)
            }
            if scope.row == nil {
                breakStructure()
                push(.tr, role: .row)
            }
            // Stray text inside a row but outside any cell still deserves its own column.
            addCell(takeLine())
            push(tag, role: .cell)
        }

        /// Puts an element on the stack with the scope that applies inside it.
        private mutating func push(_ tag: Tag, role: Role, nextNumber: Int = 1) {
            guard stack.count < Self.maxOpenElements else { return }
            let index = stack.count
            var inner = scope
            switch role {
            case .flow:
                break
            case .heading:
                inner.kindSource = index
            case .list:
                inner.container = index
                inner.list = index
                inner.item = nil
            case .item:
                inner.container = index
                inner.kindSource = index
                inner.item = index
            case .quote:
                inner.container = index
                inner.kindSource = index
            case .preformatted:
                inner.container = index
                inner.kindSource = index
                inner.inPre = true
            case .table:
                // A table starts afresh: its cells never belong to an outer list or row.
                inner.container = index
                inner.table = index
                inner.row = nil
                inner.cell = nil
                inner.list = nil
                inner.item = nil
            case .row:
                inner.container = index
                inner.row = index
                inner.cell = nil
            case .cell:
                inner.container = index
                inner.cell = index
            }
            stack.append(OpenElement(tag: tag, role: role, scope: inner, nextNumber: nextNumber))
            scope = inner
        }

        // MARK: End tags

        /// Handles an end tag of a known element.
        private mutating func close(_ tag: Tag) {
            switch tag {
            case .br:
                // Browsers treat the common typo "</br>" as "<br>".
                lineBreak()
            case .hr, .img, .iframe, .embed, .video, .audio, .object, .source, .param:
                // Void elements, and ends of media that are not open.
                break
            case .a:
                closeLink()
            case .p:
                if let index = lastOpen(where: { $0.tag == .p }) {
                    closeElements(from: index)
                } else {
                    // A lone "</p>" still ends a paragraph in the author's mind (and in browsers).
                    breakParagraph()
                }
            case .li:
                closeElements(from: scope.item)
            case .ul, .ol, .menu:
                closeElements(from: scope.list)
            case .table:
                closeElements(from: scope.table)
            case .tr:
                closeElements(from: scope.row)
            case .td, .th:
                closeElements(from: scope.cell)
            case .h1, .h2, .h3, .h4, .h5, .h6:
                // Any heading end tag closes any heading, as in browsers ("<h2>…</h3>").
                closeElements(from: lastOpen(where: { $0.role.isHeading }))
            default:
                closeElements(from: lastOpen(where: { $0.tag == tag }))
            }
        }

        /// Finds an open element without reaching outside the current table or cell, like HTML's scopes.
        private func lastOpen(where matches: (OpenElement) -> Bool) -> Int? {
            for index in stack.indices.reversed() {
                if matches(stack[index]) { return index }
                if stack[index].role == .table || stack[index].role == .cell { return nil }
            }
            return nil
        }

        /// Closes a `p` before a block starts, since a paragraph cannot contain blocks ("<p>a<p>b").
        private mutating func closeOpenParagraph() {
            if !stack.isEmpty, stack[stack.count - 1].tag == .p {
                closeElements(from: stack.count - 1)
            }
        }

        /// Closes an end tag's element if it is open; unmatched end tags are ignored, as in browsers.
        private mutating func closeElements(from index: Int?) {
            if let index {
                closeElements(from: index)
            }
        }

        /// Pops the element at `index` and everything opened after it, innermost first.
        private mutating func closeElements(from index: Int) {
            while stack.count > max(index, 0) {
                switch stack[stack.count - 1].role {
                case .flow, .heading:
                    breakParagraph()
                case .cell:
                    addCell(takeLine())
                case .row:
                    addCell(takeLine())
                    emit(stack[stack.count - 1].cells.joined(separator: " | "))
                case .list, .item, .quote, .preformatted, .table:
                    breakStructure()
                }
                stack.removeLast()
                scope = stack.isEmpty ? Scope() : stack[stack.count - 1].scope
            }
        }

        // MARK: Text and breaks

        /// Appends decoded text from the input with the whitespace rules of the current element.
        private mutating func appendText(_ text: ArraySlice<UInt8>) {
            if keepsSpacing {
                line.appendPreformatted(text)
            } else {
                line.appendFlow(text)
            }
            cutWhileTooLong()
        }

        /// Appends text made up here, such as a link target, with the whitespace rules of the current element.
        private mutating func appendText(_ text: String) {
            if keepsSpacing {
                line.appendPreformatted(text)
            } else {
                line.appendFlow(text)
            }
            cutWhileTooLong()
        }

        /// Hands over the block being built in parts while it holds more than `longestBlock`
        /// bytes; the part after each says it continues the one before.
        private mutating func cutWhileTooLong() {
            let (parts, removed) = line.takeParts(upTo: Self.longestBlock, preformatted: keepsSpacing)
            guard !parts.isEmpty else { return }
            // A link's label that began before the cut goes on from the start of what is left.
            if let start = link?.start {
                link?.start = max(0, start - removed)
            }
            for part in parts where !part.text.isEmpty {
                if let row = scope.row {
                    emitRowPart(part.text, row: row)
                } else {
                    emit(part.text)
                }
                cutSeparator = part.separator
            }
        }

        /// Hands over the row so far and `text`, cut from the text being built inside it, with the
        /// kind the whole row would have; the rest of the row follows in its next part.
        private mutating func emitRowPart(_ text: String, row: Int) {
            let cells = stack[row].cells + [text]
            stack[row].cells = []
            emit(cells.joined(separator: " | "), kindFrom: stack[row].scope)
        }

        /// Handles `<br>`.
        private mutating func lineBreak() {
            if inCell {
                line.softSpace()
            } else if keepsSpacing {
                line.appendPreformatted("\n")
            } else {
                line.hardBreak()
            }
        }

        /// Handles `<hr>`.
        private mutating func rule() {
            closeOpenParagraph()
            guard !inCell else {
                line.softSpace()
                return
            }
            flush()
            blocks.append(TextBlock(kind: .rule, text: ""))
        }

        /// A boundary of a plain block: a new block, except inside a list item, where
        /// `<li><p>a</p><p>b</p></li>` reads best as one item on two lines.
        private mutating func breakParagraph() {
            if inCell {
                line.softSpace()
            } else if let container = scope.container, case .item = stack[container].role {
                line.softBreak()
            } else {
                flush()
            }
        }

        /// A boundary of a list, item, quote, preformatted block or table.
        private mutating func breakStructure() {
            if inCell {
                line.softSpace()
            } else {
                flush()
            }
        }

        /// Ends the current block.
        private mutating func flush() {
            emit(takeLine())
        }

        /// Adds a block of the current kind unless `text` is empty.
        private mutating func emit(_ text: String) {
            emit(text, kindFrom: scope)
        }

        /// Adds a block of the kind `scope` decides unless `text` is empty; after a cut, the block's next part.
        private mutating func emit(_ text: String, kindFrom scope: Scope) {
            let joinsPrevious = cutSeparator
            cutSeparator = nil
            guard !text.isEmpty else { return }
            blocks.append(TextBlock(kind: kind(in: scope), text: text, joinsPrevious: joinsPrevious))
        }

        /// Adds a cell's text to the open row.
        private mutating func addCell(_ text: String) {
            guard !text.isEmpty else { return }
            if let row = scope.row {
                stack[row].cells.append(text)
            } else {
                emit(text)
            }
        }

        /// Empties the line buffer, first settling any link whose label is complete.
        private mutating func takeLine() -> String {
            if let open = link, line.hasText(since: open.start) {
                // The block ends before "</a>" (or it never comes): show the target with this block.
                link = nil
                appendTarget(of: open)
            }
            let text = line.take(preformatted: keepsSpacing)
            // A link whose label has not started yet labels the next block instead.
            link?.start = 0
            return text
        }

        /// The kind of the next block emitted in `scope`; a list item's marker is given to its first block only.
        private mutating func kind(in scope: Scope) -> TextBlock.Kind {
            guard let index = scope.kindSource else { return .paragraph }
            switch stack[index].role {
            case .heading(let level):
                return .heading(level: level)
            case .quote:
                return .quote
            case .preformatted:
                return .preformatted
            case .item(let marker, let depth):
                let shown = stack[index].markerShown
                stack[index].markerShown = true
                return .listItem(marker: shown ? "" : marker, depth: depth)
            default:
                return .paragraph
            }
        }

        // MARK: Links and images

        /// Starts collecting a link's label; the previous link, if any, ends here (links cannot nest).
        private mutating func openLink(href: String?) {
            closeLink()
            guard let target = AttributeText.target(href) else { return }
            link = OpenLink(href: target, start: line.utf8Count)
        }

        /// Handles `</a>`.
        private mutating func closeLink() {
            guard let open = link else { return }
            link = nil
            appendTarget(of: open)
        }

        /// Shows where a link goes, since a terminal cannot follow it; skipped when the label is the URL.
        private mutating func appendTarget(of open: OpenLink) {
            let label = LineBuffer.trimmed(line.text(since: open.start))
            if label.isEmpty {
                appendText(" " + open.href)
            } else if Self.comparableTarget(label) != Self.comparableTarget(open.href) {
                appendText(" (" + open.href + ")")
            }
        }

        /// Normalises a URL or label so "example.com", "https://example.com/" and the like compare equal.
        private static func comparableTarget(_ text: String) -> String {
            var result = Substring(text.lowercased())
            for prefix in ["mailto:", "tel:", "https://", "http://", "www."] where result.hasPrefix(prefix) {
                result = result.dropFirst(prefix.count)
            }
            while result.hasSuffix("/") {
                result = result.dropLast()
            }
            return String(result)
        }

        /// The placeholder shown for an `img`.
        private static func imageText(alt: String?) -> String {
            AttributeText.shown(alt).map { "[image: \($0)]" } ?? "[image]"
        }

        // MARK: Embeds

        /// Shows an embed on a line of its own, within the current list item or table cell.
        private mutating func show(_ embed: Embed) {
            breakParagraph()
            appendText(embed.line)
            breakParagraph()
        }

        /// Handles a token inside an open `video`, `audio` or `object`, whose content is fallback.
        private mutating func consumeInsideMedia(_ token: Token) {
            switch token {
            case .text:
                break
            case .startTag(let name, let attributes, let selfClosing):
                guard let tag = Tag(name: name) else { return }
                media?.embed.offerSource(of: tag, attributes: attributes)
                if tag.isMedia, !selfClosing {
                    media?.depth += 1
                }
            case .endTag(let name):
                guard let tag = Tag(name: name) else { return }
                if tag.isMedia {
                    media?.depth -= 1
                    if media?.depth == 0 { closeMedia() }
                } else if lastOpen(where: { $0.tag == tag }) != nil {
                    // "<div><video></div>": closing an element around the media closes the media too, as in browsers.
                    closeMedia()
                    close(tag)
                }
            }
        }

        /// Ends the open media element, if any, showing its line.
        private mutating func closeMedia() {
            guard let open = media else { return }
            media = nil
            show(open.embed)
        }

        /// Parses an integer attribute such as `start` or `value`.
        private static func integer(_ attribute: String?) -> Int? {
            attribute.flatMap { Int(LineBuffer.trimmed($0)) }
        }
    }
}
