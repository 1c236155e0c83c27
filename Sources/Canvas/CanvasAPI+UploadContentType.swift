import CourseKit

extension CanvasAPI {
    /// The MIME type to announce for a file, guessed from its extension.
    ///
    /// Canvas would guess too, but the file store's signed form fixes the type at step 1,
    /// so the same guess is used for the file part; unknown extensions are plain bytes.
    static func contentType(forFileName name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return defaultContentType }
        let fileExtension = name[name.index(after: dot)...].lowercased()
        return contentTypes[fileExtension] ?? defaultContentType
    }

    static let defaultContentType = "application/octet-stream"

    private static let contentTypes: [String: String] = [
        "pdf": "application/pdf",
        "txt": "text/plain", "md": "text/markdown", "csv": "text/csv", "tsv": "text/tab-separated-values",
        "html": "text/html", "htm": "text/html", "css": "text/css", "xml": "application/xml",
        "json": "application/json", "js": "text/javascript", "rtf": "application/rtf",
        "zip": "application/zip", "gz": "application/gzip", "tgz": "application/gzip", "tar": "application/x-tar",
        "7z": "application/x-7z-compressed", "rar": "application/vnd.rar",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "svg": "image/svg+xml", "heic": "image/heic", "tif": "image/tiff", "tiff": "image/tiff",
        "mp3": "audio/mpeg", "wav": "audio/wav", "m4a": "audio/mp4", "ogg": "audio/ogg",
        "mp4": "video/mp4", "mov": "video/quicktime", "webm": "video/webm", "mkv": "video/x-matroska",
        "doc": "application/msword",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xls": "application/vnd.ms-excel",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "ppt": "application/vnd.ms-powerpoint",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "odt": "application/vnd.oasis.opendocument.text",
        "ods": "application/vnd.oasis.opendocument.spreadsheet",
        "odp": "application/vnd.oasis.opendocument.presentation",
        "epub": "application/epub+zip", "ipynb": "application/x-ipynb+json",
        "py": "text/x-python", "swift": "text/x-swift", "c": "text/x-c", "h": "text/x-c",
        "java": "text/x-java",
    ]
}
