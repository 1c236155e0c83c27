/// A key and what it does, as the hint line and help show it.
struct KeyHint: Equatable, Sendable {
    var key: String
    var action: String
}
