/// A rectangle of terminal cells.
public struct Rect: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// Whether the cell at (`x`, `y`) is inside.
    public func contains(x: Int, y: Int) -> Bool {
        x >= self.x && x < maxX && y >= self.y && y < maxY
    }

    /// The rectangle shrunk by `amount` cells on every side.
    public func inset(by amount: Int) -> Rect {
        Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    /// Splits off the top `rows` rows; the rest is returned as the second rectangle.
    public func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let rows = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: rows), Rect(x: x, y: y + rows, width: width, height: height - rows))
    }

    /// Splits off the left `columns` columns; the rest is returned as the second rectangle.
    public func splitLeft(_ columns: Int) -> (left: Rect, rest: Rect) {
        let columns = min(max(0, columns), width)
        return (Rect(x: x, y: y, width: columns, height: height), Rect(x: x + columns, y: y, width: width - columns, height: height))
    }

    /// The bottom `rows` rows and what is above them.
    public func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
        let split = splitTop(height - min(max(0, rows), height))
        return (split.top, split.rest)
    }
}
