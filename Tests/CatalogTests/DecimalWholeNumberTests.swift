@testable import CanvasJSON
import Foundation
import Testing

/// A JSON number is whole exactly when Foundation's `NSDecimalRound` to no decimals leaves it unchanged.
@Suite struct DecimalWholeNumberTests {
    @Test(arguments: [
        "0", "-0", "0.0", "1", "1.0", "1.5", "-1.5", "12.000", "12.001", "1e3", "1.5e3", "1.25e1", "1e-3", "1E+2", "-3.00",
        "12345678901234567890123", "123456789012345678901234567890.0", "99999999999999999999.5", "0.0000", "7.0000001",
        "9.99e40", "1.5e-100", "18446744073709551616", "-9223372036854775809", "0.5", "2.5e-1",
    ])
    func wholeAsNSDecimalRoundSays(json: String) throws {
        let number = try JSONDecoder().decode(Decimal.self, from: Data(json.utf8))
        var value = number
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        #expect(number.isWholeNumber == (rounded == number), "\(json) read as \(number)")
    }
}
