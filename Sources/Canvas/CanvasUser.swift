import CanvasJSON
import CourseKit
import FoundationEssentials

/// Who a token belongs to on Canvas.
public enum CanvasUser {
    /// The Canvas ID of the user `connection`'s token belongs to (`GET /api/v1/users/self`).
    public static func id(_ connection: CanvasConnection) async throws -> String {
        let api = connection.api
        return try await api.get(Profile.self, from: api.url("/api/v1/users/self"), resource: .profile).0.id.text
    }

    private struct Profile: Decodable {
        var id: CanvasID
    }
}
