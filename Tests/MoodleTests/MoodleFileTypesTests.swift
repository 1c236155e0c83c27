@testable import Moodle
import Testing

/// An assignment's accepted file types (`filetypeslist`) as the extensions they allow.
struct MoodleFileTypesTests {
    @Test func extensionsAreListedWithoutTheirDotsInOrder() {
        #expect(MoodleFileTypes.extensions(".pdf,.docx") == ["pdf", "docx"])
        #expect(MoodleFileTypes.extensions(".PDF, .Docx") == ["pdf", "docx"])
        #expect(MoodleFileTypes.extensions(".pdf;.txt .md") == ["pdf", "txt", "md"])
    }

    @Test func aGroupIsSpelledOutAsMoodleListsIt() {
        #expect(MoodleFileTypes.extensions("document") == ["doc", "docx", "epub", "gdoc", "odt", "ott", "oth", "pdf", "rtf"])
        #expect(MoodleFileTypes.extensions("document,.zip") == ["doc", "docx", "epub", "gdoc", "odt", "ott", "oth", "pdf", "rtf", "zip"])
        #expect(MoodleFileTypes.extensions("web_image").contains("png"))
    }

    @Test func anExtensionAlreadyListedIsNotListedTwice() {
        #expect(MoodleFileTypes.extensions(".pdf,document") == ["pdf", "doc", "docx", "epub", "gdoc", "odt", "ott", "oth", "rtf"])
        #expect(MoodleFileTypes.extensions(".pdf,.PDF,.pdf") == ["pdf"])
        let images = MoodleFileTypes.extensions("image,web_image")
        #expect(images.count == Set(images).count)
        #expect(images == MoodleFileTypes.extensions("image"))
    }

    @Test(arguments: [nil, "", "*", " ", "application/pdf", ".pdf,application/pdf", "mysitegroup", "."] as [String?])
    func anyTypeWhereTheListSaysSoOrNamesWhatIsNotKnownHere(_ list: String?) {
        #expect(MoodleFileTypes.extensions(list) == [], "\(list ?? "nil") allows any type")
    }
}
