import FoundationEssentials

/// Arithmetic on scores as Canvas does it: exact decimals, rounded half away from zero.
///
/// Scores are decimal numbers a teacher typed (`81.01`); in binary floating point `88.545`
/// rounds to 88.54 where Canvas shows 88.55, so sums, shares and rounding go through `Decimal`.
enum GradeMath {
    /// The decimal a score is written as: its shortest form, so `0.1` is one tenth exactly.
    static func decimal(_ value: Double) -> Decimal {
        guard value.isFinite else { return 0 }
        return Decimal(string: "\(value)") ?? Decimal(value)
    }

    /// `dividend / divisor` to 20 places, halves away from zero, as Canvas's decimal library
    /// divides: a third and two thirds add up to exactly one.
    static func divide(_ dividend: Decimal, by divisor: Decimal) -> Decimal {
        rounded(dividend / divisor, places: 20)
    }

    static func double(_ value: Decimal) -> Double {
        Double("\(value)") ?? 0
    }

    /// `value` rounded to `places` decimal places, halves away from zero.
    static func rounded(_ value: Decimal, places: Int) -> Decimal {
        let scale = power(of: 10, places)
        let magnitude = (value < 0 ? -value : value) * scale + Decimal(5) / Decimal(10)
        let text = "\(magnitude)"
        let whole = text.split(separator: ".").first.map(String.init) ?? text
        let rounded = (Decimal(string: whole) ?? 0) / scale
        return value < 0 ? -rounded : rounded
    }

    static func rounded(_ value: Double, places: Int) -> Double {
        double(rounded(decimal(value), places: places))
    }

    /// `value` to `digits` significant digits, as JavaScript's `toPrecision` writes it.
    static func significant(_ value: Double, digits: Int) -> Double {
        guard value.isFinite, value != 0 else { return 0 }
        var magnitude = abs(value)
        var exponent = 0
        while magnitude >= 10 { magnitude /= 10; exponent += 1 }
        while magnitude < 1 { magnitude *= 10; exponent -= 1 }
        let places = digits - 1 - exponent
        if places >= 0 { return rounded(value, places: places) }
        let scale = power(of: 10, -places)
        return double(rounded(decimal(value) / scale, places: 0) * scale)
    }

    private static func power(of base: Int, _ exponent: Int) -> Decimal {
        (0..<max(0, exponent)).reduce(Decimal(1)) { product, _ in product * Decimal(base) }
    }
}
