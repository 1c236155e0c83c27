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
}
