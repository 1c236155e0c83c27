import FoundationEssentials

/// A JSON number where Canvas sends one with a fraction (`points_possible`, `score`).
///
/// Swift's decoder refuses a number beyond a `Double`'s range (`1e400`) with "not valid JSON"
/// for the whole document, naming no field; read through this, the refusal names the field.
package struct CanvasNumber: Decodable, Equatable, Sendable {
    package let value: Double

    package init(_ value: Double) {
        self.value = value
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            value = try container.decode(Double.self)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "the number is out of range")
        }
    }
}
