extension HTMLText {
    /// An element of an HTML fragment: its name, attributes and child elements, and where its
    /// markup lies in the fragment, for reading markup a site generates (a grading form's table)
    /// by its classes rather than as prose.
    package struct Element: Sendable {
        package var name: String
        package var attributes: [String: String]
        package var children: [Element] = []
        /// Byte offsets in the fragment's UTF-8 of the element with its tags, and of what lies between them.
        package var outer: Range<Int>
        package var inner: Range<Int>

        /// Whether its `class` attribute lists `name`.
        package func hasClass(_ name: String) -> Bool {
            attributes["class"]?.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains { $0 == name } == true
        }

        /// It and every element inside it that `matches`, in document order.
        package func all(where matches: (Element) -> Bool) -> [Element] {
            var found = matches(self) ? [self] : []
            for child in children {
                found += child.all(where: matches)
            }
            return found
        }

        /// The first element, it or one inside it, that `matches`.
        package func first(where matches: (Element) -> Bool) -> Element? {
            if matches(self) { return self }
            for child in children {
                if let found = child.first(where: matches) { return found }
            }
            return nil
        }
    }

    /// Elements that never have content or an end tag.
    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]

    /// The fragment's elements as a tree under one root spanning the whole fragment (named `""`).
    ///
    /// Forgiving as a browser is in the ways generated markup needs: an end tag closes the
    /// nearest open element of its name and those opened inside it, a stray end tag is ignored,
    /// and the end of the input closes what is still open.
    package static func elementTree(_ html: String) -> Element {
        var tokenizer = Tokenizer(html)
        let end = tokenizer.count
        var open = [Element(name: "", attributes: [:], outer: 0..<end, inner: 0..<end)]
        func close(at offset: Int, through index: Int, endingAt tagEnd: Int) {
            while open.count > index {
                var element = open.removeLast()
                let closedHere = open.count == index
                element.inner = element.inner.lowerBound..<max(element.inner.lowerBound, offset)
                element.outer = element.outer.lowerBound..<(closedHere ? tagEnd : offset)
                open[open.count - 1].children.append(element)
            }
        }
        var start = tokenizer.offset
        while let token = tokenizer.next() {
            let after = tokenizer.offset
            switch token {
            case .text:
                break
            case let .startTag(name, attributes, selfClosing):
                let element = Element(name: name, attributes: attributes, outer: start..<after, inner: after..<after)
                if selfClosing || voidElements.contains(name) {
                    open[open.count - 1].children.append(element)
                } else {
                    open.append(element)
                }
            case let .endTag(name):
                if let index = open.lastIndex(where: { $0.name == name }), index > 0 {
                    close(at: start, through: index, endingAt: after)
                }
            }
            start = after
        }
        close(at: end, through: 1, endingAt: end)
        return open[0]
    }

    /// The text of the bytes `range` of `html` as one line, as `plainText` reads it.
    package static func plainText(_ html: String, in range: Range<Int>) -> String {
        plainText(String(decoding: bytes(of: html, in: range), as: UTF8.self))
    }

    /// The text of `html` without the bytes `range`, as `plainText` reads it.
    package static func plainText(_ html: String, leavingOut range: Range<Int>) -> String {
        let count = html.utf8.count
        let clamped = range.clamped(to: 0..<count)
        return plainText(String(decoding: bytes(of: html, in: 0..<clamped.lowerBound), as: UTF8.self)
            + String(decoding: bytes(of: html, in: clamped.upperBound..<count), as: UTF8.self))
    }

    /// The bytes `range` of `html`'s UTF-8, read in place rather than copying the whole string.
    private static func bytes(of html: String, in range: Range<Int>) -> Substring.UTF8View {
        let utf8 = html.utf8
        let clamped = range.clamped(to: 0..<utf8.count)
        let start = utf8.index(utf8.startIndex, offsetBy: clamped.lowerBound)
        let end = utf8.index(start, offsetBy: clamped.count)
        return utf8[start..<end]
    }
}
