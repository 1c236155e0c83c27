import Foundation

extension FakeCanvasServer {
    /// The API port's connections (`GET /__control/connections`).
    package struct Connections: Decodable, Equatable {
        /// Open now.
        package var open: Int
        /// The most open at once since the server started (or was reset).
        package var most: Int
    }

    /// How many connections the API port holds open now, and the most it held at once.
    package func connections() async throws -> Connections {
        try JSONDecoder().decode(Connections.self, from: try await control("GET", "/__control/connections"))
    }
}
