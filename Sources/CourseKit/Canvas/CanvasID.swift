/// A Canvas object ID, which arrives as a JSON number or, with `use_string_ids`, as a string.
struct CanvasID: Decodable, Hashable, Sendable {
    let text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            text = String(number)
        } else {
            let string = try container.decode(String.self)
            guard !string.isEmpty else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "empty ID")
            }
            text = string
        }
    }
}
