import CanvasJSON
import CourseKit
import FoundationEssentials

/// Who a token belongs to on Canvas.
public enum CanvasUser {
    /// The Canvas ID of the user `connection`'s token belongs to (`GET /api/v1/users/self`).
    public static func id(_ connection: CanvasConnection) async throws -> String {
        try await profile(connection).id
    }

    /// The user `connection`'s token belongs to: its ID and the name Canvas shows for it.
    public static func profile(_ connection: CanvasConnection) async throws -> (id: String, name: String) {
        let api = connection.api
        let profile = try await api.get(Profile.self, from: api.url("/api/v1/users/self"), resource: .profile).0
        let name = [profile.name, profile.shortName].compactMap { $0?.nonBlank }.first ?? "user \(profile.id.text)"
        return (profile.id.text, name)
    }

    /// Canvas's User object, of which only these fields are read.
    private struct Profile: Decodable {
        var id: CanvasID
        var name: String?
        var shortName: String?

        private enum CodingKeys: String, CodingKey {
            case id, name
            case shortName = "short_name"
        }
    }
}
