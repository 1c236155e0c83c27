@testable import CourseBrowser
import Foundation
import Testing

/// Names order as Foundation's `localizedStandardCompare` ordered them.
///
/// Known differences, all outside what course lists hold: Ð and Đ in otherwise equal names,
/// the case of Ǆ against ǅ, ² against ½, and emoji among themselves (ICU's emoji order is
/// not code point order).
@Suite struct StandardOrderTests {
    /// Course, term and assignment names of the sample catalog, and names built to test each rule.
    static let corpus: [String] = [
        "Introduction to Computer Science", "Data Structures and Algorithms", "Lập trình Swift cơ bản", "Calculus I", "Linear Algebra",
        "Éléments d'analyse réelle", "Orgo 🧪", "General Chemistry Laboratory", "Lịch sử Việt Nam hiện đại", "World History since 1500",
        "AP English Literature and Composition", "Shakespeare: Comedies and Tragedies", "日本語入門", "情報科学基礎", "線形代数学演習",
        "中国古典文学", "高等数学（上）", "한국어 초급 1", "Robotics Club 🤖", "Principles of Microeconomics", "Kinh tế vĩ mô",
        "Fundamentals of Nursing Practice", "Pharmacology for Nurses", "Drawing I: Observation and Form",
        "History of Western Art: Renaissance to Modernism", "Music Theory I", "Concert Choir", "Introduction to Psychology",
        "Müller-Lyer and Beyond: Visual Perception and Illusion", "Español intermedio: conversación y cultura",
        "Deutsch für Anfänger: Grundstufe A1", "Tiếng Anh chuyên ngành Công nghệ thông tin", "Giải tích 1", "Văn học dân gian Việt Nam",
        "Biology (Grade 9)", "Algebra II Honors", "Physics 1: Mechanics", "Operating Systems", "Statistics for the Social Sciences",
        "Interdisciplinary Seminar on Climate, Water, and Food Security in the Mekong Delta: Policy, Engineering, and Community Perspectives (ENVS/ECON/CE 495)",
        "Machine Learning", "Academic Integrity Tutorial", "TA Training Sandbox", "Ethics in Healthcare", "Creative Writing: Fiction Workshop",
        "Introduction to Philosophy", "Cơ sở dữ liệu", "日本近代文学講読", "",
        "Fall term, last year", "Summer term", "第一学期", "秋学期", "Fall term", "Học kỳ 1", "School year", "Spring term", "\u{0}restricted",
        "Problem Set 1", "Problem Set 2", "Problem Set 10", "Problem Set 02", "Reading Response", "Project Draft", "Final Project", "Participation",
        "Unit 1", "Unit 2", "Unit 10", "Unit 1.2", "Unit 1.10", "Chương 2", "Chương 10", "Bài 1", "Bài 10", "Lab 3a", "Lab 3b", "Lab 3 b",
        "Quiz #4", "Quiz 4", "quiz 4", "QUIZ 4", "Essay (draft)", "Essay - final", "Essay: final", "Essay_final", "Essay.final", "Essay/final",
        "Week 1 – Intro", "Week 1 - Intro", "Week 1 — Intro", "“Quoted”", "\"Quoted\"", "'Quoted'", "¿Qué?", "¡Hola!", "Ánh", "Anh", "anh",
        "Ấn", "An", "Đức", "Duc", "Dực", "Ørsted", "Oersted", "Æther", "Aether", "straße", "strasse", "Straße", "Łódź", "Lodz",
        "İstanbul", "Istanbul", "ıq", "iq", "Zürich", "Zurich", "Ωmega", "Alpha", "Αλφα", "Ёж", "Еж", "Яблоко", "Ааа",
        "3D Modeling", "10 Things", "2 Things", "#hashtag", "@mention", "$100 course", "€100 course", "100% online", "+1", "-1", "(1)",
        "a", "A", "b", "B", "ａ", "Ａ", "1", "01", "001", "0", "00", "١", "٢", "Ⅳ", "x", "x1", "x 1", "x-1", "x_1", "x.1",
        "CS 101", "CS101", "CS 1010", "CS-101", "cs 101", "Math 2", "Math 10", "Math II", "MATH 2", "Ma th", "Mat h",
        "カタカナ", "かたかな", "ひらがな", "ヒラガナ", "漢字", "한글", "가나다", "中文", "ไทย", "עברית", "العربية", "हिन्दी", "😀 Emoji",
        "e\u{301}cole", "école", "ecole", "Ecole", "École", "Ecole 2", "Ecole 10", "tab\there", "new\nline", "  leading", "trailing  ",
        "Café", "Cafe", "Cafés", "Cafe s", "Cafes", "naïve", "naive", "résumé", "resume", "Resume", "Résumé",
        "Tiếng Việt 1", "Tiếng Việt 2", "Tiếng Việt 10", "Toán cao cấp", "Toan cao cap", "Vật lý đại cương", "Vat ly dai cuong",
    ]

    @Test func everyPairOrdersAsFoundationOrderedIt() {
        var differences: [String] = []
        for lhs in Self.corpus {
            for rhs in Self.corpus where lhs.standardCompare(rhs) != lhs.localizedStandardCompare(rhs) {
                differences.append("\(lhs.debugDescription) vs \(rhs.debugDescription)")
            }
        }
        #expect(differences.isEmpty, "\(differences.count) differ: \(differences.prefix(20))")
    }

    @Test func aLongListSortsAsFoundationSortedIt() {
        let names = (0..<5_000).map { index in Self.corpus[index % Self.corpus.count] + " \(index * 7_919 % 5_000)" }
        #expect(names.sorted { $0.standardCompare($1) == .orderedAscending }
            == names.sorted { $0.localizedStandardCompare($1) == .orderedAscending })
    }

    /// Keys that differ must order the pair as the full comparison does; equal keys leave it to the later passes.
    @Test func primaryKeysOrderEveryPairAsTheFullComparisonDoes() {
        let names = Self.corpus + ["Unit 12345678901234567890123", "Unit 12345678901234567890124", "Unit 9", "ß", "ss", "Straße 2", "Strasse 10"]
        var differences: [String] = []
        for lhs in names {
            for rhs in names {
                let (left, right) = (StandardOrder.primaryKey(lhs), StandardOrder.primaryKey(rhs))
                let order = lhs.standardCompare(rhs)
                if left == right { continue }
                if left.lexicographicallyPrecedes(right) != (order == .orderedAscending) || order == .orderedSame {
                    differences.append("\(lhs.debugDescription) vs \(rhs.debugDescription)")
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.count) differ: \(differences.prefix(20))")
    }

    @Test func aSharedCacheMakesTheSameKeys() {
        let names = Self.corpus + ["Unit 12345678901234567890123", "١٢٣ عربي", "ß", "Straße 2", "ｆｕｌｌ１２", "Ǆ", "ⅻ"]
        let cache = StandardOrder.ScalarCache()
        // Twice through, so the second pass reads every scalar from the cache.
        for name in names + names {
            #expect(StandardOrder.primaryKey(name, cache: cache) == StandardOrder.primaryKey(name), "\(name)")
        }
    }

    /// The key made from its units one at a time, as the full comparison walks them.
    func keyFromUnits(_ text: String) -> [UInt64] {
        let number = StandardOrder.primaryKey("0")[0]
        return StandardOrder.Units(text).filter { $0.primary != 0 }.flatMap { unit -> [UInt64] in
            guard unit.primary == number else { return [unit.primary] }
            return [unit.primary, UInt64(unit.digitCount), unit.value] + unit.longDigits.map(UInt64.init)
        }
    }

    /// ASCII is read from a table and numbers in one pass: the keys are those the units give.
    @Test func aKeyIsWhatItsUnitsGive() {
        let names = Self.corpus + ["Unit 12345678901234567890123", "x 0000000000000000000000012", "١٢٣ عربي", "ß2", "Straße 2",
                                   "ｆｕｌｌ１２", "Ǆ", "ⅻ", "00", "0", "a\u{0}b", "7\u{301}8", "٣7", "7٣", "9 ９ 9"]
        let cache = StandardOrder.ScalarCache()
        for name in names {
            #expect(StandardOrder.primaryKey(name, cache: cache) == keyFromUnits(name), "\(name.debugDescription)")
        }
    }

    @Test func sortKeysHoldEachTextsKeyAndSortByThem() {
        let names = Self.corpus + (0..<300).map { "Problem Set \($0 * 37 % 300)" } + ["Unit 12345678901234567890123", "ß", "ss"]
        var table = StandardOrder.SortKeys(names.prefix(100))
        table.append(contentsOf: StandardOrder.SortKeys(names.dropFirst(100)))
        #expect(table.count == names.count)
        for (index, name) in names.enumerated() {
            #expect(Array(table[index]) == StandardOrder.primaryKey(name), "\(name.debugDescription)")
        }
        // Equal keys fall to the tie-break, here the index, so the expected order is total.
        let sorted = table.sorted(Array(names.indices).reversed()) { $0 < $1 }
        let expected = names.indices.sorted { lhs, rhs in
            let (left, right) = (StandardOrder.primaryKey(names[lhs]), StandardOrder.primaryKey(names[rhs]))
            return left == right ? lhs < rhs : left.lexicographicallyPrecedes(right)
        }
        #expect(sorted == expected)
    }

    @Test func numbersOrderByValueAndPunctuationBeforeLetters() {
        let names = ["Unit 10", "unit 2", "Unit 1", "(Intro)", "Ánh", "Anh", "Zeta", "_draft"]
        #expect(names.sorted { $0.standardCompare($1) == .orderedAscending }
            == ["_draft", "(Intro)", "Anh", "Ánh", "Unit 1", "unit 2", "Unit 10", "Zeta"])
    }
}
