import CanvasJSON

/// Reads Canvas objects straight from their bytes, for the plain shapes catalogs and
/// Canvas write: the fields the course list shows, and a course's assignments.
///
/// Anything else (a key written with escapes, a field of another type, a field given twice,
/// a missing ID) is left to `JSONDecoder`, which decides about it as it always has; so is
/// anything in other fields that `JSONDecoder` might refuse though it is valid JSON.
struct PlainJSONReader {
    struct Unsupported: Error {}

    var cursor: JSONCursor

    /// Reads an object, calling `field` with the index in `fields` of each known member;
    /// false for null.
    mutating func optionalObject(
        fields: [StaticString],
        _ field: (inout PlainJSONReader, Int) throws(Unsupported) -> Void
    ) throws(Unsupported) -> Bool {
        cursor.skipSpace()
        if try null() { return false }
        guard cursor.take(UInt8(ascii: "{")) else { throw Unsupported() }
        var seen: UInt32 = 0
        while true {
            cursor.skipSpace()
            if cursor.take(UInt8(ascii: "}")) { return true }
            _ = cursor.take(UInt8(ascii: ","))
            cursor.skipSpace()
            guard let key = cursor.string(), !contains(key, UInt8(ascii: "\\")) else { throw Unsupported() }
            cursor.skipSpace()
            _ = cursor.take(UInt8(ascii: ":"))
            cursor.skipSpace()
            if let known = fields.firstIndex(where: { cursor.isKey(key, $0) }) {
                guard seen & 1 << known == 0 else { throw Unsupported() }
                seen |= 1 << known
                try field(&self, known)
            } else {
                let start = cursor.index
                guard let value = cursor.value() else { throw Unsupported() }
                try checkPlain(start..<value.upperBound)
            }
        }
    }

    /// Reads a list, each element with `element`; nil for null.
    mutating func optionalList<Element>(_ element: (inout PlainJSONReader) throws(Unsupported) -> Element) throws(Unsupported) -> [Element]? {
        cursor.skipSpace()
        if try null() { return nil }
        guard cursor.take(UInt8(ascii: "[")) else { throw Unsupported() }
        var elements: [Element] = []
        while true {
            cursor.skipSpace()
            if cursor.take(UInt8(ascii: "]")) { return elements }
            _ = cursor.take(UInt8(ascii: ","))
            elements.append(try element(&self))
        }
    }
}
