/// File sizes the way people read them: 512 B, 2.1 MB, 1.0 GB.
package enum ByteSize {
    package static func format(_ bytes: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(max(0, bytes))
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(Int(value)) B" }
        let rounded = (value * 10).rounded() / 10
        return value >= 100 ? "\(Int(value.rounded())) \(units[unit])" : "\(rounded) \(units[unit])"
    }
}
