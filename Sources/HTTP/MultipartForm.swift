import FoundationEssentials

/// A multipart/form-data body with text fields first and one file part last,
/// as signed upload forms (Canvas, S3) require and Moodle's upload takes.
///
/// Only the text around the file is held in memory: `preamble` (every field plus the
/// file part's headers) and `epilogue`; the file itself is streamed from disk by `body(payload:size:)`.
package struct MultipartForm: Sendable {
    package var boundary: String
    /// Text fields in the order they are sent.
    package var fields: [(name: String, value: String)]
    /// The form field that carries the file: `file` for Canvas, any name for Moodle.
    package var fileField: String
    /// The file name the server is told.
    package var fileName: String
    package var fileContentType: String

    /// A form with a fresh random boundary that none of the fields contain.
    package init(fields: [(name: String, value: String)], fileField: String, fileName: String, fileContentType: String) {
        var boundary = Self.makeBoundary()
        while fields.contains(where: { $0.name.contains(boundary) || $0.value.contains(boundary) }) {
            boundary = Self.makeBoundary()
        }
        self.init(boundary: boundary, fields: fields, fileField: fileField, fileName: fileName, fileContentType: fileContentType)
    }

    package init(boundary: String, fields: [(name: String, value: String)], fileField: String, fileName: String, fileContentType: String) {
        self.boundary = boundary
        self.fields = fields
        self.fileField = fileField
        self.fileName = fileName
        self.fileContentType = fileContentType
    }

    /// 128 random bits: a payload that happens to contain the boundary is not a real risk.
    private static func makeBoundary() -> String {
        "coursebrowser-" + UUID().uuidString.replacing("-", with: "").lowercased()
    }

    /// The request's `Content-Type` header.
    package var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Everything before the file's bytes.
    package var preamble: Data {
        var text = ""
        for field in fields {
            text += "--\(boundary)\r\n"
            text += "Content-Disposition: form-data; name=\"\(Self.quoted(field.name))\"\r\n\r\n"
            text += field.value + "\r\n"
        }
        text += "--\(boundary)\r\n"
        text += "Content-Disposition: form-data; name=\"\(Self.quoted(fileField))\"; filename=\"\(Self.quoted(fileName))\"\r\n"
        text += "Content-Type: \(Self.headerSafe(fileContentType))\r\n\r\n"
        return Data(text.utf8)
    }

    /// Everything after the file's bytes.
    package var epilogue: Data { Data("\r\n--\(boundary)--\r\n".utf8) }

    /// A name or file name inside double quotes, escaped the way browsers do (WHATWG
    /// multipart encoding), so a quote or a line break can't end the header early.
    package static func quoted(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "%22"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func headerSafe(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
    }
}
