/// One page of a paginated listing, with an opaque cursor to the next page.
public struct Page<Element: Sendable>: Sendable {
    public var items: [Element]
    /// Where the next page is; `nil` on the last page.
    public var next: PageCursor?
    /// Entries the backend left out because they could not be read, one line each saying which and why.
    public var skipped: [String]
    /// What the page held, as the backend read it (a digest of Canvas's answer), when it can tell:
    /// a page whose key one already read in the listing had is that page again, however its
    /// address was spelled, so the listing loops.
    public var contentKey: String?

    public init(items: [Element], next: PageCursor? = nil, skipped: [String] = [], contentKey: String? = nil) {
        self.items = items
        self.next = next
        self.skipped = skipped
        self.contentKey = contentKey
    }
}

/// An opaque position in a paginated listing (a Canvas `rel="next"` URL, or an offset).
public struct PageCursor: Hashable, Sendable {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }
}
