import FoundationEssentials

/// The order of what a student reads by when it happened: newest first, undated last, ties by
/// ID, so the order never moves between loads.
public enum NewestFirst {
    public static func sorted<Item>(_ items: [Item], date: (Item) -> Date?, id: (Item) -> String) -> [Item] {
        items.sorted { lhs, rhs in
            switch (date(lhs), date(rhs)) {
            case let (left?, right?) where left != right: return left > right
            case (.some, nil): return true
            case (nil, .some): return false
            default: return id(lhs) < id(rhs)
            }
        }
    }
}
