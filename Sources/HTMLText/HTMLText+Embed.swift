extension HTMLText {
    /// An embedded player or document (`iframe`, `video`, `audio`, `object`, `embed`), shown as one
    /// line with its title and its address, since a terminal can play none of them.
    ///
    /// Canvas's editor embeds its own recordings as
    /// `<iframe title="Video player for talk.mp4" data-media-type="video" src="…/media_objects_iframe/m-…?type=video">`,
    /// and YouTube, Google Docs and the like as iframes with a `title`.
    struct Embed {
        /// What the embed plays, for the words shown when the author gave it no title.
        enum Kind {
            case video, audio, content

            /// The words shown in place of a missing title.
            var placeholder: String {
                switch self {
                case .video: "Embedded video"
                case .audio: "Embedded audio"
                case .content: "Embedded content"
                }
            }
        }

        let kind: Kind
        /// The author's `title`, else its `aria-label`.
        let label: String?
        /// Where it plays from: the first usable `src` (or an object's `data`) met inside it.
        private(set) var source: String?

        /// The embed an element's start tag describes.
        init(_ tag: Tag, attributes: [String: String]) {
            kind = Self.kind(of: tag, attributes: attributes)
            label = AttributeText.shown(attributes["title"]) ?? AttributeText.shown(attributes["aria-label"])
            offerSource(of: tag, attributes: attributes)
        }

        /// The line shown for it: `[title] address`.
        var line: String {
            let name = "[" + (label ?? kind.placeholder) + "]"
            return source.map { name + " " + $0 } ?? name
        }

        /// Takes the address an element inside the embed names, unless one is already known:
        /// `<source src>` in a video, `<embed src>` or `<param name="movie" value>` in an object,
        /// or the download link of the fallback text.
        mutating func offerSource(of tag: Tag, attributes: [String: String]) {
            guard source == nil, let address = Self.address(of: tag, attributes: attributes) else { return }
            source = address
        }

        /// The address an element names, if it is one a person could open.
        private static func address(of tag: Tag, attributes: [String: String]) -> String? {
            let value: String?
            switch tag {
            case .object: value = attributes["data"]
            case .a: value = attributes["href"]
            case .param: value = ["movie", "src", "url"].contains(AttributeText.cleaned(attributes["name"]).lowercased()) ? attributes["value"] : nil
            default: value = attributes["src"]
            }
            // Inline data can be megabytes of base64, and "about:blank" goes nowhere.
            guard let target = AttributeText.target(value), !AttributeText.hasPrefix(target, ignoringCase: "data:"),
                  !AttributeText.hasPrefix(target, ignoringCase: "about:") else { return nil }
            return target
        }

        /// Video or audio by the element, else by the media type Canvas or the author declared.
        private static func kind(of tag: Tag, attributes: [String: String]) -> Kind {
            switch tag {
            case .video: return .video
            case .audio: return .audio
            default: break
            }
            let declared = AttributeText.cleaned(attributes["data-media-type"] ?? attributes["type"])
            if AttributeText.hasPrefix(declared, ignoringCase: "video") { return .video }
            if AttributeText.hasPrefix(declared, ignoringCase: "audio") { return .audio }
            return .content
        }
    }

    /// An open `video`, `audio` or `object`: what is inside is fallback content, which a browser able to
    /// play it never shows ("Your browser does not support the video tag."), so it is not shown here
    /// either; its sources and links only tell where the embed plays from.
    struct OpenMedia {
        var embed: Embed
        /// How many media elements are open, counting nested ones (an `object` inside an `object`).
        var depth = 1
    }
}
