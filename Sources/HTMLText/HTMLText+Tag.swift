extension HTMLText {
    /// The elements that shape blocks; any other tag only contributes its text.
    enum Tag: String, CaseIterable {
        case p, div, section, article, header, footer, nav, main, aside, figure, figcaption
        case address, center, dl, dt, dd, form, fieldset, legend, details, summary, caption
        case h1, h2, h3, h4, h5, h6
        case ul, ol, menu, li
        case blockquote, pre
        case table, tr, td, th
        case br, hr, img, a
        case iframe, embed, video, audio, object, source, param

        /// The tags by the first letter of their names, `a` to `z`.
        private static let byInitial: [[Tag]] = {
            var table = Array(repeating: [Tag](), count: 26)
            for tag in allCases {
                if let initial = tag.rawValue.utf8.first {
                    table[Int(initial - UInt8(ascii: "a"))].append(tag)
                }
            }
            return table
        }()

        /// The tag with a lowercased `name`, if it is one that shapes blocks.
        ///
        /// Every tag in the input is looked up, and comparing the few names that share an initial
        /// costs less than hashing the name as `init(rawValue:)` does.
        init?(name: String) {
            guard let initial = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(initial),
                  let tag = Self.byInitial[Int(initial - UInt8(ascii: "a"))].first(where: { $0.rawValue == name }) else {
                return nil
            }
            self = tag
        }

        /// Whether the element holds fallback content for a player: `video`, `audio` or `object`.
        var isMedia: Bool {
            self == .video || self == .audio || self == .object
        }

        /// 1…6 for `h1`…`h6`.
        var headingLevel: Int? {
            switch self {
            case .h1: 1
            case .h2: 2
            case .h3: 3
            case .h4: 4
            case .h5: 5
            case .h6: 6
            default: nil
            }
        }
    }
}
