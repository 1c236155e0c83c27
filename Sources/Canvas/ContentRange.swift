import TextBasics

/// `Content-Range: bytes START-END/TOTAL` of a 206 (`TOTAL` may be `*`) or `bytes */TOTAL` of a 416.
struct ContentRange: Equatable {
    var start: Int64?
    var total: Int64?

    init?(_ header: String?) {
        guard let header else { return nil }
        let text = header.trimming(.whitespaces)
        guard text.lowercased().hasPrefix("bytes ") else { return nil }
        let parts = text.dropFirst(6).split(separator: "/", maxSplits: 1).map { $0.trimming(.whitespaces) }
        guard parts.count == 2 else { return nil }
        total = Int64(parts[1])
        if parts[0] == "*" {
            start = nil
        } else {
            guard let dash = parts[0].firstIndex(of: "-"), let first = Int64(parts[0][..<dash]) else { return nil }
            start = first
        }
    }
}
