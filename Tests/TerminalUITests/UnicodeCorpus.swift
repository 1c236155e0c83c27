/// Text in many scripts and shapes, for holding the fast paths to the plain ones.
enum UnicodeCorpus {
    /// Whole strings, each a case some terminal or font gets wrong.
    static let samples: [String] = [
        "",
        "Swift",
        "CS 101  Introduction to Programming with Swift  Fall 2026",
        "~!@#$%^&*()_+{}|:\"<>? `-=[]\\;',./",
        "Lập trình Swift cơ bản",
        "La\u{323}\u{302}p tri\u{300}nh Swift co\u{31B} ba\u{309}n",              // the same, decomposed
        "Tiếng Việt: Đồ họa máy tính, Học kỳ 1",
        "日本語入門", "こんにちは世界", "カタカナ ｶﾀｶﾅ", "中文课程", "한국어", "\u{1100}\u{1161}\u{11A8}",
        "ＡＢＣ１２３！", "\u{FF61}\u{FF64}", "\u{3000}\u{303F}",
        "❤", "❤\u{FE0F}", "❤\u{FE0E}", "☺️", "✓✔", "👍", "👍🏽", "🏽", "👨‍👩‍👧", "👩🏾‍💻", "🏳️‍🌈",
        "🇻🇳", "🇻🇳🇯🇵", "🇻", "🇻🇳🇯", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
        "1️⃣", "#\u{20E3}", "*️⃣", "9\u{FE0F}",
        "\u{301}", "\u{301}\u{302}", "a\u{301}\u{20DD}", "\u{20DD}",
        "\u{200D}", "\u{200D}\u{200D}", "a\u{200D}b", "\u{200B}", "\u{FEFF}", "\u{FE0F}", "\u{2060}",
        "\u{0}", "\u{1}\u{7}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}", "\r\n", "a\r\nb", "\u{1B}", "\u{1B}[31mred\u{1B}[0m",
        "\u{7F}", "\u{80}\u{85}\u{9B}\u{9F}", "\u{2028}\u{2029}", "\u{202E}abc\u{202C}", "\u{2066}x\u{2069}",
        "\u{FFFD}", "\u{E000}\u{F8FF}", "\u{F0000}\u{10FFFD}", "\u{378}\u{5FF}\u{1FFFE}\u{2FFFF}", "\u{E0001}",
        "مرحبا بالعالم", "שָׁלוֹם עולם", "\u{600}1", "\u{D4E}\u{D15}",
        "ภาษาไทย น้ำ ที่", "\u{E33}\u{E49}", "हिन्दी क्षत्रिय", "क्\u{200D}ष", "\u{915}\u{94D}\u{937}",
        "ελληνικά Ωμέγα", "Русский язык Ёё", "Ǆǅǆ ﬁ", "\u{1D400}\u{1F600}\u{1F9FF}\u{1FA70}",
    ]

    /// Scalars that take part in cluster rules or sit on the edge of a width range.
    static let interestingScalars: [UInt32] = [
        0x00, 0x09, 0x0A, 0x0D, 0x1B, 0x20, 0x23, 0x2A, 0x30, 0x39, 0x41, 0x61, 0x7E, 0x7F, 0x80, 0x85, 0x9B, 0x9C,
        0x9D, 0x9F, 0xA0, 0xA9, 0xAD, 0xAE, 0xE9, 0x300, 0x301, 0x302, 0x31B, 0x323, 0x345, 0x34F, 0x488,
        0x600, 0x605, 0x627, 0x64B, 0x5D0, 0x5B0, 0x915, 0x937, 0x93F, 0x94D, 0x903, 0xD15, 0xD4E, 0xE01, 0xE33,
        0xE49, 0x1100, 0x115F, 0x1160, 0x11A8, 0x11FF, 0x1EA0, 0x1EC7, 0x200B, 0x200C, 0x200D, 0x200E, 0x2028,
        0x2029, 0x202A, 0x202E, 0x2060, 0x2066, 0x2069, 0x203C, 0x20E3, 0x20DD, 0x2122, 0x231A, 0x2500, 0x2601,
        0x263A, 0x2640, 0x2642, 0x2695, 0x2764, 0x2E80, 0x303E, 0x303F, 0x3040, 0x3099, 0x4E00, 0xA4CF, 0xA4D0,
        0xAC00, 0xD7A3, 0xD7A4, 0xE000, 0xF900, 0xFE0E, 0xFE0F, 0xFE10, 0xFE19, 0xFE1A, 0xFE30, 0xFE6F, 0xFEFF,
        0xFF00, 0xFF60, 0xFF61, 0xFFE0, 0xFFE6, 0xFFFD, 0xFFFF, 0x1F1E6, 0x1F1EF, 0x1F1F3, 0x1F1FB, 0x1F1FF,
        0x1F300, 0x1F3F3, 0x1F3F4, 0x1F3FB, 0x1F3FF, 0x1F441, 0x1F468, 0x1F469, 0x1F467, 0x1F4BB, 0x1F600,
        0x1F64F, 0x1F650, 0x1F680, 0x1F900, 0x1F9FF, 0x1FA70, 0x1FAFF, 0x20000, 0x2FFFD, 0x2FFFE, 0x30000,
        0xE0020, 0xE0067, 0xE007F, 0xE0100, 0xF0000, 0x10FFFD,
    ]

    /// A string of 1 to `maxScalars` scalars, drawn half from ``interestingScalars`` and
    /// half from anywhere in planes 0 to 2, so clusters of every kind turn up.
    static func randomString(maxScalars: Int, using generator: inout SeededGenerator) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 1...maxScalars, using: &generator) {
            scalars.append(randomScalar(using: &generator))
        }
        return String(scalars)
    }

    static func randomScalar(using generator: inout SeededGenerator) -> Unicode.Scalar {
        while true {
            let value = Bool.random(using: &generator)
                ? interestingScalars.randomElement(using: &generator) ?? 0x20
                : UInt32.random(in: 0...0x2FFFF, using: &generator)
            if let scalar = Unicode.Scalar(value) { return scalar }
        }
    }
}
