import FoundationEssentials

/// A JSON number where Canvas sends a whole one that its database keeps in 32 bits (`attempt`,
/// `position`): anything else is refused with a message that names the field and says why.
///
/// Keeping to Canvas's own range means a count read here can be added to without overflowing.
package struct CanvasWholeNumber: Decodable, Equatable, Sendable {
    package let value: Int

    package static let range = Int(Int32.min)...Int(Int32.max)

    package init(_ value: Int) {
        self.value = value
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let number: Int
        do {
            number = try container.decode(Int.self)
        } catch let error as DecodingError {
            throw error
        } catch {
            // Swift's decoder says "not valid JSON" of a fraction or a number beyond `Int`, naming no field.
            throw DecodingError.dataCorruptedError(in: container, debugDescription: Self.problem(with: try? container.decode(Decimal.self)))
        }
        guard Self.range.contains(number) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "the number \(number) is too large")
        }
        value = number
    }

    private static func problem(with number: Decimal?) -> String {
        guard let number else { return "the number is out of range" }
        return number.isWholeNumber ? "the number \(number) is too large" : "the number \(number) is not a whole number"
    }
}
