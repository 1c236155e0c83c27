import TextBasics

/// A path on this machine as the file system holds it: bytes, which need not be UTF-8.
///
/// A file name on Linux is any bytes but `/` and NUL, and one written in another encoding
/// (Latin-1's `é` is the single byte E9) is not UTF-8. A `String` made from such a name turns
/// the bad bytes into U+FFFD and names a file that does not exist, so the bytes are kept as
/// they are and only shown as text, each byte that is not part of a character written `\xNN`.
public struct LocalPath: Hashable, Sendable {
    /// One piece of a path as it is read: a character's scalar, or a byte that is part of none.
    public enum Piece: Equatable, Sendable {
        case scalar(Unicode.Scalar)
        case byte(UInt8)

        /// The piece's bytes in the path.
        public var bytes: [UInt8] {
            switch self {
            case let .scalar(scalar): Array(String(scalar).utf8)
            case let .byte(byte): [byte]
            }
        }
    }

    public var bytes: [UInt8]

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The path written as `text`: its UTF-8.
    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The path made of `pieces`, one after another.
    public init(pieces: some Sequence<Piece>) {
        bytes = pieces.flatMap(\.bytes)
    }

    /// The path as a person reads it: the path itself when it is UTF-8, else with every byte
    /// that is not part of a character written `\xNN`, as in `/tmp/f\xE9.txt`.
    public var path: String {
        Self.shown(bytes[...])
    }

    /// Whether the path is UTF-8, so that `path` is exactly the path.
    public var isUTF8: Bool {
        String(validating: bytes, as: UTF8.self) != nil
    }

    /// The path read as UTF-8: its characters' scalars, and the bytes that are part of none.
    ///
    /// Joined again, the pieces are the path byte for byte: a byte sequence UTF-8 forbids (an
    /// overlong form, a surrogate) is read as bytes, never as the scalar it would spell.
    public var pieces: [Piece] {
        Self.pieces(of: bytes[...])
    }

    /// The last component, shown as `path` shows it: `f\xE9.txt` for `/tmp/f\xE9.txt`.
    public var lastPathComponent: String {
        let slash = UInt8(ascii: "/")
        // Trailing slashes are not part of the name; a path of slashes alone is the root.
        guard let end = bytes.lastIndex(where: { $0 != slash }) else { return bytes.isEmpty ? "" : "/" }
        let trimmed = bytes[...end]
        let start = trimmed.lastIndex(of: slash).map { $0 + 1 } ?? trimmed.startIndex
        return Self.shown(trimmed[start...])
    }

    /// Whether the path starts at the root, `/`.
    public var isAbsolute: Bool {
        bytes.first == UInt8(ascii: "/")
    }

    /// This path when it is absolute, else it inside `directory` (the working directory).
    public func resolved(against directory: LocalPath) -> LocalPath {
        guard !isAbsolute else { return self }
        let separator: [UInt8] = directory.bytes.last == UInt8(ascii: "/") ? [] : [UInt8(ascii: "/")]
        return LocalPath(bytes: directory.bytes + separator + bytes)
    }

    /// `bytes` as text, each byte that is not part of a valid UTF-8 sequence written `\xNN`.
    public static func shown(_ bytes: ArraySlice<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var text = String.UnicodeScalarView()
        for piece in pieces(of: bytes) {
            switch piece {
            case let .scalar(scalar): text.append(scalar)
            case let .byte(byte): text.append(contentsOf: escaped(byte).unicodeScalars)
            }
        }
        return String(text)
    }

    /// `\xNN` for `byte`, upper-case hex.
    public static func escaped(_ byte: UInt8) -> String {
        "\\x" + byte.hexDigits
    }

    private static func pieces(of bytes: ArraySlice<UInt8>) -> [Piece] {
        var pieces: [Piece] = []
        var parser = Unicode.UTF8.ForwardParser()
        var input = bytes.makeIterator()
        // The parser says how many bytes each scalar or error took; counting them finds an error's bytes.
        var offset = bytes.startIndex
        while true {
            switch parser.parseScalar(from: &input) {
            case let .valid(encoded):
                pieces.append(.scalar(Unicode.UTF8.decode(encoded)))
                offset += encoded.count
            case let .error(length):
                pieces += bytes[offset..<(offset + length)].map(Piece.byte)
                offset += length
            case .emptyInput:
                return pieces
            }
        }
    }
}

extension LocalPath: ExpressibleByStringLiteral {
    /// A path written in code, such as `"/tmp/essay.pdf"`.
    public init(stringLiteral text: String) {
        self.init(text)
    }
}
