import Foundation
import Testing
@testable import CanvasJSON
@testable import Catalog
import CourseKit
import TestSupport

/// Whether Foundation's own parser accepts `data`, with top-level scalars allowed as RFC 8259 does.
private func foundationAccepts(_ data: Data) -> Bool {
    (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
}

private func locate(_ text: String) -> JSONSyntaxError? {
    JSONSyntaxError.locate(in: Data(text.utf8))
}

/// A malformed input and exactly where and why it should be reported.
struct MalformedJSON: Sendable, CustomTestStringConvertible {
    let bytes: [UInt8]
    let line: Int
    let column: Int
    let problem: String
    let name: String

    init(_ text: String, _ line: Int, _ column: Int, _ problem: String) {
        self.init(bytes: Array(text.utf8), line, column, problem, name: text)
    }

    init(bytes: [UInt8], _ line: Int, _ column: Int, _ problem: String, name: String) {
        self.bytes = bytes
        self.line = line
        self.column = column
        self.problem = problem
        self.name = name
    }

    var testDescription: String { name.debugDescription }
    var expected: JSONSyntaxError { JSONSyntaxError(line: line, column: column, problem: problem) }
}

@Suite("JSONSyntaxError.locate")
struct JSONSyntaxErrorTests {
    // MARK: Valid documents

    static let validDocuments: [String] = [
        "{}",
        "[]",
        "0",
        "-0",
        "-0.0e+0",
        "1E-2",
        "123.456e78",
        "1e-400",
        "123456789012345678901234567890",
        #""""#,
        #""plain""#,
        #""escapes \" \\ \/ \b \f \n \r \t \u00e9 \u00E9 \uD83D\uDE00 \u0000""#,
        "true",
        "false",
        "null",
        " \t\r\n [ 1 , 2 ] \r\n",
        #"{"a":[{"b":null}],"c":{"d":[true,false,-1.5e3]}}"#,
        #"{"tên":"Lập trình","日本":"日本語","emoji":"👩‍👩‍👧 e\#u{301}"}"#,
        #"{"":""}"#,
        #"{"a":1,"a":2}"#,
        "[[[[[[]]]]],[[{}]]]",
        "\"del \u{7F} is not a control character\"",
        "{\r\n  \"crlf\": [1,\r\n 2]\r\n}",
        """
        {
          "courses": [
            {"id": "CS101", "title": "Intro to Programming", "credits": 4, "tags": []},
            {"id": "VN201", "title": "Lập trình nâng cao", "credits": 3.5, "prereqs": ["CS101"]}
          ],
          "updated": null
        }
        """,
    ]

    @Test("valid documents are accepted, as Foundation accepts them", arguments: validDocuments)
    func acceptsValid(_ text: String) {
        #expect(foundationAccepts(Data(text.utf8)), "test case itself must be valid JSON")
        #expect(locate(text) == nil)
    }

    @Test("a leading UTF-8 byte order mark is skipped and does not count as a column")
    func byteOrderMark() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(JSONSyntaxError.locate(in: Data(bom + Array(#"{"a": [1]}"#.utf8))) == nil)
        #expect(foundationAccepts(Data(bom + Array(#"{"a": [1]}"#.utf8))))
        #expect(JSONSyntaxError.locate(in: Data(bom + Array("[x]".utf8)))
            == JSONSyntaxError(line: 1, column: 2, problem: "unexpected 'x'"))
        #expect(JSONSyntaxError.locate(in: Data(bom))
            == JSONSyntaxError(line: 1, column: 1, problem: "unexpected end of file"))
        // Only one BOM is allowed; a second one is content, and not valid content.
        #expect(JSONSyntaxError.locate(in: Data(bom + bom + Array("1".utf8)))
            == JSONSyntaxError(line: 1, column: 1, problem: "unexpected U+FEFF"))
    }

    // MARK: Malformed documents

    static let malformedDocuments: [MalformedJSON] = [
        // Empty and truncated input
        MalformedJSON("", 1, 1, "unexpected end of file"),
        MalformedJSON("  \n  ", 2, 3, "unexpected end of file"),
        MalformedJSON("[1, 2", 1, 6, "unexpected end of file"),
        MalformedJSON(#"{"a": "#, 1, 7, "unexpected end of file"),
        MalformedJSON(#"{"a""#, 1, 5, "unexpected end of file"),
        MalformedJSON(#"{"courses": [{"id": 1}, "#, 1, 25, "unexpected end of file"),
        MalformedJSON("nul", 1, 4, "unexpected end of file"),
        // Structure
        MalformedJSON("[1,,2]", 1, 4, "unexpected ','"),
        MalformedJSON("[,1]", 1, 2, "unexpected ','"),
        MalformedJSON(#"{"a" 1}"#, 1, 6, "expected ':' after object key"),
        MalformedJSON("[1 2]", 1, 4, "expected ',' or ']'"),
        MalformedJSON("[1}", 1, 3, "expected ',' or ']'"),
        MalformedJSON(#"{"a":1 "b":2}"#, 1, 8, "expected ',' or '}'"),
        MalformedJSON(#"{"a":1]"#, 1, 7, "expected ',' or '}'"),
        MalformedJSON("[1] x", 1, 5, "trailing characters after the JSON value"),
        MalformedJSON("{} {}", 1, 4, "trailing characters after the JSON value"),
        MalformedJSON(#"{"a":}"#, 1, 6, "unexpected '}'"),
        MalformedJSON("{1:2}", 1, 2, "unexpected '1'"),
        MalformedJSON("[1,,]", 1, 4, "unexpected ','"),
        MalformedJSON("{,}", 1, 2, "unexpected ','"),
        // Things people write that are not JSON
        MalformedJSON("['a']", 1, 2, #"unexpected "'" (strings need double quotes)"#),
        MalformedJSON("{'a': 1}", 1, 2, #"unexpected "'" (object keys need double quotes)"#),
        MalformedJSON("{a: 1}", 1, 2, "unexpected 'a'"),
        MalformedJSON("// catalog\n{}", 1, 1, "unexpected '/' (comments are not allowed in JSON)"),
        MalformedJSON("{\n  // the id\n  \"a\": 1}", 2, 3, "unexpected '/' (comments are not allowed in JSON)"),
        MalformedJSON(#"{"a": 1 /* one */}"#, 1, 9, "expected ',' or '}' (comments are not allowed in JSON)"),
        MalformedJSON("[1] // done", 1, 5, "trailing characters after the JSON value (comments are not allowed in JSON)"),
        MalformedJSON("[1 / 2]", 1, 4, "expected ',' or ']'"),
        MalformedJSON("[x]", 1, 2, "unexpected 'x'"),
        MalformedJSON("[True]", 1, 2, "unexpected 'T'"),
        MalformedJSON("[NaN]", 1, 2, "unexpected 'N'"),
        MalformedJSON("[tru]", 1, 2, "invalid literal (expected 'true')"),
        MalformedJSON("[nulL]", 1, 2, "invalid literal (expected 'null')"),
        MalformedJSON("[falsy]", 1, 2, "invalid literal (expected 'false')"),
        MalformedJSON("[truex]", 1, 6, "expected ',' or ']'"),
        MalformedJSON("[é]", 1, 2, "unexpected U+00E9"),
        MalformedJSON("[\u{1}]", 1, 2, "unexpected U+0001"),
        MalformedJSON("[\u{7F}]", 1, 2, "unexpected U+007F"),
        MalformedJSON("\u{0B}1", 1, 1, "unexpected U+000B"),
        MalformedJSON("\u{A0}1", 1, 1, "unexpected U+00A0"),
        // Numbers: always reported at the number's first character
        MalformedJSON("-", 1, 1, "invalid number"),
        MalformedJSON("[-]", 1, 2, "invalid number"),
        MalformedJSON("[- 1]", 1, 2, "invalid number"),
        MalformedJSON("[01]", 1, 2, "invalid number"),
        MalformedJSON("[-01]", 1, 2, "invalid number"),
        MalformedJSON("[1.]", 1, 2, "invalid number"),
        MalformedJSON("1.", 1, 1, "invalid number"),
        MalformedJSON("[1.e5]", 1, 2, "invalid number"),
        MalformedJSON("[1e]", 1, 2, "invalid number"),
        MalformedJSON("[1e+]", 1, 2, "invalid number"),
        MalformedJSON("[2.5E-x]", 1, 2, "invalid number"),
        MalformedJSON("[.5]", 1, 2, "unexpected '.'"),
        MalformedJSON("[+1]", 1, 2, "unexpected '+'"),
        MalformedJSON("[1.5.3]", 1, 5, "expected ',' or ']'"),
        MalformedJSON("[0x1F]", 1, 3, "expected ',' or ']'"),
        // Strings
        MalformedJSON(#""abc"#, 1, 1, "unterminated string"),
        MalformedJSON(#"{"name": "Intro"#, 1, 10, "unterminated string"),
        MalformedJSON(#"["a\"#, 1, 2, "unterminated string"),
        MalformedJSON(#"["\u12"#, 1, 2, "unterminated string"),
        MalformedJSON("[\"ab\n\"]", 1, 2, "unterminated string"),
        MalformedJSON("[\"ab\r\n\"]", 1, 2, "unterminated string"),
        MalformedJSON(#""a\qb""#, 1, 3, #"invalid escape \q"#),
        MalformedJSON(#""\x41""#, 1, 2, #"invalid escape \x"#),
        MalformedJSON(#""\U00e9""#, 1, 2, #"invalid escape \U"#),
        MalformedJSON("\"\\\u{1}\"", 1, 2, "invalid escape (backslash followed by U+0001)"),
        MalformedJSON("\"\\é\"", 1, 2, "invalid escape (backslash followed by U+00E9)"),
        MalformedJSON(#""a\u12G4""#, 1, 3, #"invalid escape \u (expected 4 hex digits)"#),
        MalformedJSON(#""\u12""#, 1, 2, #"invalid escape \u (expected 4 hex digits)"#),
        MalformedJSON("\"a\tb\"", 1, 3, "control character in string (U+0009)"),
        MalformedJSON("\"a\u{0}b\"", 1, 3, "control character in string (U+0000)"),
        MalformedJSON("\"\u{1F}\"", 1, 2, "control character in string (U+001F)"),
        // Invalid UTF-8, inside and outside strings
        MalformedJSON(bytes: [0x22, 0x61, 0xFF, 0x22], 1, 3, "invalid UTF-8 (byte 0xFF)", name: "\"a<FF>\""),
        MalformedJSON(bytes: [0x22, 0xC0, 0xAF, 0x22], 1, 2, "invalid UTF-8 (byte 0xC0)", name: "overlong '/'"),
        MalformedJSON(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], 1, 2, "invalid UTF-8 (byte 0xED)", name: "encoded surrogate"),
        MalformedJSON(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1, 2, "invalid UTF-8 (byte 0xF4)", name: "above U+10FFFF"),
        MalformedJSON(bytes: [0x22, 0x80, 0x22], 1, 2, "invalid UTF-8 (byte 0x80)", name: "lone continuation"),
        MalformedJSON(bytes: [0x22, 0xE6, 0x97, 0x22], 1, 2, "invalid UTF-8 (byte 0xE6)", name: "cut-short sequence"),
        MalformedJSON(bytes: [0x22, 0xE6, 0x97], 1, 2, "invalid UTF-8 (byte 0xE6)", name: "sequence cut by end of file"),
        MalformedJSON(bytes: [0x5B, 0xFE, 0x5D], 1, 2, "invalid UTF-8 (byte 0xFE)", name: "[<FE>]"),
        MalformedJSON(bytes: [0x5B, 0x31, 0x5D, 0x20, 0xFF], 1, 5, "trailing characters after the JSON value", name: "[1] <FF>"),
        // Lines and columns
        MalformedJSON("""
            {
              "courses": [
                {"id": 1,, "name": "x"}
              ]
            }
            """, 3, 14, "unexpected ','"),
        MalformedJSON("{\r\n\"a\": tru\r\n}", 2, 6, "invalid literal (expected 'true')"),
        MalformedJSON("\t\t[x]", 1, 4, "unexpected 'x'"),
        // Columns count Characters, not bytes or scalars: "Lập" is three columns.
        MalformedJSON(#"{"tên": "Lập trình", x}"#, 1, 22, "unexpected 'x'"),
        MalformedJSON("[\"日本語\" 1]", 1, 8, "expected ',' or ']'"),
        MalformedJSON("[\"e\u{301}\" x]", 1, 6, "expected ',' or ']'"),
        MalformedJSON("[\"👩‍👩‍👧\", \"🇻🇳\" ?]", 1, 11, "expected ',' or ']'"),
        MalformedJSON("{\n  \"title\": \"プログラミング入門\",\n  \"credits\": 4,, \n}", 3, 16, "unexpected ','"),
    ]

    @Test("malformed documents are reported with line, column and problem", arguments: malformedDocuments)
    func reportsMalformed(_ example: MalformedJSON) {
        let data = Data(example.bytes)
        #expect(!foundationAccepts(data), "test case itself must be invalid JSON")
        #expect(JSONSyntaxError.locate(in: data) == example.expected)
    }

    // Foundation on Linux quietly accepts one trailing comma before ']' or '}'
    // (JSONSerialization and JSONDecoder alike); RFC 8259 does not, and other
    // tools reading the catalog may not either, so `locate` reports it.
    @Test("a trailing comma is reported at the comma, though Foundation accepts it", arguments: [
        MalformedJSON("[1,]", 1, 3, "trailing comma before ']'"),
        MalformedJSON("[1, 2,\n]", 1, 6, "trailing comma before ']'"),
        MalformedJSON(#"{"a":1,}"#, 1, 7, "trailing comma before '}'"),
        MalformedJSON("{\n  \"a\": 1,\n  \"b\": 2,\n}", 3, 9, "trailing comma before '}'"),
        MalformedJSON("{\n  \"a\": [\"x\",\n  ],\n}", 2, 12, "trailing comma before ']'"),
    ])
    func trailingComma(_ example: MalformedJSON) {
        let data = Data(example.bytes)
        #expect(foundationAccepts(data), "if Foundation starts rejecting these, fold them into malformedDocuments")
        #expect(JSONSyntaxError.locate(in: data) == example.expected)
    }

    @Test("the description reads 'line L, column C: problem'")
    func description() throws {
        let error = try #require(locate("{\n  \"a\": [\n    1,, 2]}"))
        #expect(error.description == "line 3, column 7: unexpected ','")
        #expect("\(error)" == "line 3, column 7: unexpected ','")
        #expect(JSONSyntaxError(line: 12, column: 1, problem: "unterminated string").description
            == "line 12, column 1: unterminated string")
    }

    @Test("a multi-megabyte document is scanned whole, and its late error located")
    func largeDocument() {
        let course = #"{"id": "CS101", "title": "Lập trình nâng cao", "credits": 4.5, "tags": ["a", "b"]}"#
        let lines = Array(repeating: course, count: 40_000)
        let valid = "[\n" + lines.joined(separator: ",\n") + "\n]"
        #expect(valid.utf8.count > 3_000_000)
        #expect(locate(valid) == nil)

        // One long line: the column must count the whole Character prefix of that line.
        let oneLine = "[" + lines.joined(separator: ", ") + ", ]"
        let prefix = "[" + lines.joined(separator: ", ")
        #expect(locate(oneLine) == JSONSyntaxError(line: 1, column: prefix.count + 1, problem: "trailing comma before ']'"))
    }

    // MARK: Deep nesting

    @Test("200000-deep nesting neither crashes nor hides errors")
    func deepNesting() {
        let depth = 200_000
        let open = String(repeating: "[", count: depth)
        let close = String(repeating: "]", count: depth)
        #expect(locate(open + close) == nil)
        #expect(locate(open) == JSONSyntaxError(line: 1, column: depth + 1, problem: "unexpected end of file"))
        #expect(locate(open + String(close.dropLast()) + "}")
            == JSONSyntaxError(line: 1, column: 2 * depth, problem: "expected ',' or ']'"))

        let objects = String(repeating: #"{"a":"#, count: depth)
        #expect(locate(objects + "1" + String(repeating: "}", count: depth)) == nil)
        #expect(locate(objects + "1" + String(repeating: "}", count: depth - 1) + "]")
            == JSONSyntaxError(line: 1, column: 5 * depth + 2 + depth - 1, problem: "expected ',' or '}'"))
    }

    // MARK: Where Foundation is stricter than RFC 8259

    // These inputs match the RFC 8259 grammar, so `locate` accepts them, but
    // Foundation on Linux rejects them. A caller that gets nil from `locate`
    // for data Foundation rejected is looking at one of these.
    @Test("grammatically valid input that Foundation rejects is accepted", arguments: [
        #"["\uD800"]"#,  // unpaired high surrogate
        #"["\uDC00"]"#,  // unpaired low surrogate
        #"["\uD83D\uD83D"]"#,  // high surrogate followed by another high one
        "1e400",  // out of Double's range
        "[-1e99999999999999999999]",
        String(repeating: "[", count: 513) + String(repeating: "]", count: 513),  // deeper than Foundation's 512
    ])
    func foundationStricter(_ text: String) {
        #expect(!foundationAccepts(Data(text.utf8)))
        #expect(locate(text) == nil)
    }

    // MARK: Differential test against Foundation

    static let differentialSeeds: [String] = [
        """
        {"courses": [{"id": "CS101", "title": "Intro", "credits": 4, "open": true,
          "room": null, "tags": ["core", "lab"], "weight": -0.25e+2}],
         "note": "Lập trình \\"nâng cao\\" \\u00e9\\n\\/\\t", "日本": "日本語 \\uD83D\\uDE00"}
        """,
        #"[0, -1, 12.5, 3e7, 6.02E-23, "", [], {}, [[1, 2], {"k": [false]}]]"#,
        "\r\n\t{ \"a\" : [ true , false , null ] , \"b\" : { } }\n",
        "-123.456e-7",
    ]

    @Test("random single-byte mutations: locate(in:) is nil exactly when Foundation parses", arguments: differentialSeeds)
    func differential(_ seed: String) {
        let original = Array(seed.utf8)
        #expect(JSONSyntaxError.locate(in: Data(original)) == nil)
        var random = SeededGenerator(seed: UInt64(original.count) &* 0x9E37_79B9)
        var compared = 0
        var rejected = 0
        var excluded = 0

        for _ in 0..<4_000 {
            let mutated = Self.mutate(original, using: &random)
            guard !Self.foundationDisagreesByDesign(mutated) else {
                excluded += 1
                continue
            }
            let data = Data(mutated)
            let located = JSONSyntaxError.locate(in: data)
            let accepted = foundationAccepts(data)
            #expect((located == nil) == accepted, "\(String(decoding: mutated, as: UTF8.self).debugDescription): \(String(describing: located))")
            if let located {
                // Every reported position must lie within the text.
                let lineCount = mutated.count { $0 == UInt8(ascii: "\n") } + 1
                #expect((1...lineCount).contains(located.line))
                #expect(located.column >= 1 && located.column <= mutated.count + 1)
                rejected += 1
            }
            compared += 1
        }
        // Guard against a vacuous run: most mutations must be compared, and both outcomes seen.
        #expect(excluded * 10 < compared)
        #expect(rejected > 100)
        #expect(compared - rejected > 20)
    }

    /// Bytes worth substituting: JSON's own punctuation is where the edge cases are.
    private static let alphabet: [UInt8] = Array(#"{}[]:,"\/ 0123456789-+.eEtfnrbuaxDd'"#.utf8)
        + [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x7F, 0x80, 0xBF, 0xC3, 0xE6, 0xED, 0xF4, 0xFF]

    /// Applies one random replacement, insertion, deletion or truncation.
    private static func mutate(_ bytes: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        var result = bytes
        let position = Int.random(in: 0..<bytes.count, using: &random)
        let byte = Bool.random(using: &random)
            ? alphabet.randomElement(using: &random)!
            : UInt8.random(in: 0...255, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: result[position] = byte
        case 1: result.insert(byte, at: position)
        case 2: result.remove(at: position)
        default: result.removeSubrange(position...)
        }
        return result
    }

    /// Whether Foundation's verdict on `bytes` depends on something other than the RFC 8259 grammar.
    ///
    /// - NUL in the first four bytes, or a leading FE FF / FF FE: JSONSerialization
    ///   then guesses UTF-16 or UTF-32 and parses different text; `locate` reads UTF-8 only.
    /// - A `\u` escape naming an unpaired surrogate: grammatical, but Foundation rejects it.
    /// - An exponent of three or more digits: may overflow `Double`, which Foundation rejects.
    /// - A ',' followed by ']' or '}': Foundation accepts one trailing comma; RFC 8259 does not.
    /// Duplicate keys need no exclusion: Foundation accepts them, as the grammar does.
    private static func foundationDisagreesByDesign(_ bytes: [UInt8]) -> Bool {
        if bytes.prefix(4).contains(0) { return true }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return true }
        return hasUnpairedSurrogateEscape(bytes) || hasLongExponent(bytes) || hasTrailingComma(bytes)
    }

    /// Conservatively true for any ',' before ']' or '}', even inside a string.
    private static func hasTrailingComma(_ bytes: [UInt8]) -> Bool {
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: ",") {
            let next = bytes[(index + 1)...].first { !whitespace.contains($0) }
            if next == UInt8(ascii: "]") || next == UInt8(ascii: "}") { return true }
        }
        return false
    }

    private static func hasUnpairedSurrogateEscape(_ bytes: [UInt8]) -> Bool {
        func escapedUnit(at index: Int) -> UInt16? {
            guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { return nil }
            return UInt16(String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16)
        }
        var index = 0
        while index < bytes.count {
            guard let unit = escapedUnit(at: index) else {
                index += 1
                continue
            }
            switch unit {
            case 0xD800...0xDBFF:
                guard let low = escapedUnit(at: index + 6), (0xDC00...0xDFFF).contains(low) else { return true }
                index += 12
            case 0xDC00...0xDFFF:
                return true
            default:
                index += 6
            }
        }
        return false
    }

    private static func hasLongExponent(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            defer { index += 1 }
            guard index > 0, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E"),
                  (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index - 1])
            else { continue }
            var digit = index + 1
            if digit < bytes.count, bytes[digit] == UInt8(ascii: "+") || bytes[digit] == UInt8(ascii: "-") {
                digit += 1
            }
            let digits = bytes[digit...].prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            if digits.count >= 3 { return true }
        }
        return false
    }
}
