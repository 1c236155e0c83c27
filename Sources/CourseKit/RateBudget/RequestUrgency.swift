/// Whether a request is one a person waits for (a key pressed) or background work that can wait.
///
/// A load says which it is through the `LoadProgress` it hands every client it calls, so the
/// mark is passed explicitly down to the request, as every other dependency is.
public enum RequestUrgency: String, Sendable, Codable {
    case interactive
    case background
}
