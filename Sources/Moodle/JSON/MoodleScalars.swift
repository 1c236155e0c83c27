import FoundationEssentials
import TextBasics

/// A whole number as Moodle sends it: a JSON number, or a string of one where a field is
/// PARAM_RAW (`rawgrade`, IDs in an upload's answer).
struct MoodleInt: Decodable, Equatable, Sendable {
    let value: Int

    init(_ value: Int) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            value = number
        } else if let text = try? container.decode(String.self), let number = Int(text.trimming(.whitespaces)) {
            value = number
        } else if let number = try? container.decode(Double.self), number.rounded() == number, abs(number) < 9e15 {
            value = Int(number)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a whole number, or out of range")
        }
    }
}

/// A number with a fraction as Moodle sends it: a JSON number or a decimal string (`"85.00000"`).
struct MoodleNumber: Decodable, Equatable, Sendable {
    let value: Double

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self), number.isFinite {
            value = number
        } else if let text = try? container.decode(String.self), let number = Double(text.trimming(.whitespaces)), number.isFinite {
            value = number
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a number")
        }
    }
}

/// A yes or no as Moodle sends it: a JSON boolean where a field is PARAM_BOOL, `0` or `1` where
/// it is PARAM_INT (`visible`, `enablecompletion`), and sometimes a string of either.
struct MoodleFlag: Decodable, Equatable, Sendable {
    let value: Bool

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            value = flag
        } else if let number = try? container.decode(Int.self) {
            value = number != 0
        } else if let text = try? container.decode(String.self), ["0", "1", "true", "false"].contains(text) {
            value = text == "1" || text == "true"
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a yes or no")
        }
    }
}

extension KeyedDecodingContainer {
    /// The value at `key`, nil when it is absent, null, or not of its type: for fields a reader
    /// can do without, so one odd field never costs the whole answer.
    func lenient<Value: Decodable>(_ type: Value.Type, forKey key: Key) -> Value? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }
}
