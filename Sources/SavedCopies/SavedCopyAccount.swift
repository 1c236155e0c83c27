/// Whose saved copies these are: one Canvas (its origin) and one user on it, so two schools
/// or two accounts never see each other's.
public struct SavedCopyAccount: Hashable, Sendable {
    /// The Canvas's origin, such as `https://school.instructure.com`.
    public var origin: String
    /// The user's Canvas ID, from `GET /api/v1/users/self`.
    public var user: String

    public init(origin: String, user: String) {
        self.origin = origin
        self.user = user
    }

    /// Whether `text` is a Canvas user ID as `GET /api/v1/users/self` gives it: a number, which
    /// string IDs spell in digits too; twenty of them hold any 64-bit ID, shard-global ones included.
    public static func isUserID(_ text: String) -> Bool {
        (1...20).contains(text.utf8.count) && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}
