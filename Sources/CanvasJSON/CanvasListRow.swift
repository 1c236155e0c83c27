/// One row of a Canvas listing, or nothing when the row can't be read: one odd row loses only itself.
package struct CanvasListRow<Element: Decodable & Sendable>: Decodable, Sendable {
    package var element: Element?

    package init(from decoder: any Decoder) throws {
        element = try? Element(from: decoder)
    }
}
