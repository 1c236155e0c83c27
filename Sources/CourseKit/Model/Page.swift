/// One page of a paginated listing, with an opaque cursor to the next page.
public struct Page<Element: Sendable>: Sendable {
    public var items: [Element]
    /// Where the next page is; `nil` on the last page.
    public var next: PageCursor?

    public init(items: [Element], next: PageCursor? = nil) {
        self.items = items
        self.next = next
    }
}

/// An opaque position in a paginated listing (a Canvas `rel="next"` URL, or an offset).
public struct PageCursor: Hashable, Sendable {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }
}
