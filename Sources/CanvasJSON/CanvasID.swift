import FoundationEssentials
import TextBasics

/// A Canvas object ID, which arrives as a JSON number or, with `use_string_ids`, as a string.
package struct CanvasID: Decodable, Hashable, Sendable {
    package let text: String

    /// An ID already read as text, which a reader has checked is not blank.
    package init(text: String) {
        self.text = text
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "the ID is null")
        } else if let number = try? container.decode(Int.self) {
            text = String(number)
        } else if let string = try? container.decode(String.self) {
            guard !string.trimming(.whitespaces).isEmpty else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "the ID is empty")
            }
            text = string
        } else if let number = try? container.decode(Decimal.self) {
            // JSON allows numbers no ID can be: say which, rather than "expected Int".
            let problem = number.isWholeNumber ? "is too large for an ID" : "is not a whole number"
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "the ID \(number) \(problem)")
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "the ID must be a number or a string")
        }
    }
}

extension Decimal {
    /// Whether the number has no fractional part: its decimal text has only zeros after the point.
    var isWholeNumber: Bool {
        let text = description
        guard let point = text.firstIndex(of: ".") else { return true }
        return text[text.index(after: point)...].allSatisfy { $0 == "0" }
    }
}
