#if canImport(Glibc)
import Glibc
#endif

extension Double {
    /// The number as C's `printf` writes it with `format`, one conversion of a `double` such as
    /// `%g` or `%.1f`, as Foundation's `String(format:)` wrote it.
    ///
    /// Always with a decimal point: a locale whose numbers use a comma, set by whoever
    /// embeds this, must not change what the program prints.
    package func printfFormatted(_ format: String) -> String {
        let cLocale = newlocale(LC_NUMERIC_MASK, "C", nil)
        let previous = cLocale.map { uselocale($0) }
        defer {
            if let cLocale, let previous {
                uselocale(previous)
                freelocale(cLocale)
            }
        }
        var capacity = 64
        while true {
            var buffer = [CChar](repeating: 0, count: capacity)
            let written = withVaList([self]) { arguments in
                vsnprintf(&buffer, capacity, format, arguments)
            }
            guard written >= 0 else { return "" }
            if Int(written) < capacity {
                return String(decoding: buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            capacity = Int(written) + 1
        }
    }
}
