import TextBasics

/// Reads an assignment's accepted file types (`filetypeslist`) as the extensions they allow.
///
/// The list mixes extensions (`.pdf`) with the groups Moodle defines in lib/classes/filetypes.php
/// (`document`, `image`, …) and MIME types; the groups are spelled out here as that file lists
/// them. A list with anything else in it (a MIME type, a site's own group) allows any type, as
/// refusing what the site would take is worse than letting Moodle decide.
enum MoodleFileTypes {
    /// The lower-case extensions without the dot; empty: any type.
    static func extensions(_ list: String?) -> [String] {
        let separators = ScalarSet(charactersIn: ",; \t\n")
        let tokens = (list ?? "").unicodeScalars.split(whereSeparator: separators.contains).map { String(String.UnicodeScalarView($0)).lowercased() }
        var extensions: [String] = []
        for token in tokens {
            if token == "*" { return [] }
            if token.hasPrefix("."), token.count > 1 {
                extensions.append(String(token.dropFirst()))
            } else if let group = groups[token] {
                extensions += group
            } else {
                return []
            }
        }
        var seen: Set<String> = []
        return extensions.filter { seen.insert($0).inserted }
    }

    /// Moodle's file type groups, by the extensions lib/classes/filetypes.php puts in each.
    static let groups: [String: [String]] = [
        "archive": ["7z", "bdoc", "cdoc", "ddoc", "gtar", "tgz", "gz", "gzip", "hqx", "rar", "sit", "tar", "zip"],
        "audio": ["aac", "aif", "aiff", "aifc", "au", "flac", "m3u", "mp3", "m4a", "oga", "ogg", "ra", "ram", "rm", "wav", "wma"],
        "html_audio": ["aac", "flac", "mp3", "m4a", "oga", "ogg", "wav"],
        "web_audio": ["aac", "flac", "mp3", "m4a", "oga", "ogg", "ra", "wav"],
        "document": ["doc", "docx", "epub", "gdoc", "odt", "ott", "oth", "pdf", "rtf"],
        "image": ["ai", "bmp", "gdraw", "gif", "ico", "jpe", "jpeg", "jpg", "pct", "pic", "pict", "png", "svg", "svgz", "tif", "tiff"],
        "web_image": ["gif", "jpe", "jpeg", "jpg", "png", "svg", "svgz"],
        "presentation": ["gslides", "odp", "otp", "pps", "ppt", "pptx", "pptm", "potx", "potm", "ppam", "ppsx", "ppsm", "pub", "sxi", "sti"],
        "spreadsheet": ["csv", "gsheet", "ods", "ots", "xls", "xlsx", "xlsm"],
        "video": [
            "3gp", "avi", "dv", "dif", "flv", "f4v", "mov", "movie", "mp4", "m4v", "mpeg", "mpe", "mpg", "ogv", "qt", "rmvb", "rv",
            "swf", "swfl", "webm", "wmv", "asf",
        ],
        "web_video": ["avi", "flv", "f4v", "mov", "mp4", "m4v", "mpeg", "mpe", "mpg", "ogv", "qt", "swf", "swfl", "webm"],
        "html_video": ["mov", "mp4", "m4v", "ogv", "webm"],
        "web_file": ["css", "html", "xhtml", "htm", "js", "scss"],
        "html_track": ["vtt"],
        "media_source": ["m3u8", "mpd"],
    ]
}
