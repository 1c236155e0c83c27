import Foundation
@testable import Moodle
import Testing

/// How Moodle's text, times and loosely typed scalars are read.
struct MoodleScalarsTests {
    private struct Box<Value: Decodable>: Decodable {
        var value: Value
    }

    private func decode<Value: Decodable>(_ type: Value.Type, _ json: String) -> Value? {
        try? JSONDecoder().decode(Box<Value>.self, from: Data(#"{"value":\#(json)}"#.utf8)).value
    }

    @Test func namesAreReadAsThePageShowsThem() {
        #expect(MoodleText.plain("Algebra &amp; Geometry") == "Algebra & Geometry")
        #expect(MoodleText.plain("&lt;HTML&gt; for beginners") == "<HTML> for beginners")
        #expect(MoodleText.plain("Cơ sở dữ liệu &amp; SQL") == "Cơ sở dữ liệu & SQL")
        #expect(MoodleText.plain("Rock &quot;n&quot; roll") == "Rock \"n\" roll")
        #expect(MoodleText.plain("Plain name") == "Plain name")
        #expect(MoodleText.name("Week 1 &amp; intro") == "Week 1 & intro")
    }

    @Test func aBlankNameIsNone() {
        #expect(MoodleText.name(nil) == nil)
        #expect(MoodleText.name("") == nil)
        #expect(MoodleText.name("   ") == nil)
        #expect(MoodleText.name("<p><br></p>") == nil)
        #expect(MoodleText.name("<p>Syllabus</p>") == "Syllabus")
    }

    @Test func zeroAndImpossibleTimesAreNoDate() {
        #expect(MoodleTime.date(nil) == nil)
        #expect(MoodleTime.date(0) == nil)
        #expect(MoodleTime.date(-86_400) == nil)
        #expect(MoodleTime.date(253_402_300_800) == nil, "past year 9999")
        #expect(MoodleTime.date(Int.max) == nil)
        #expect(MoodleTime.date(253_402_300_799) == Date(timeIntervalSince1970: 253_402_300_799))
        #expect(MoodleTime.date(1_725_148_800) == Date(timeIntervalSince1970: 1_725_148_800))
    }

    @Test func aDateIsSentAsWholeUnixSecondsRoundedDown() {
        #expect(MoodleTime.seconds(Date(timeIntervalSince1970: 1_760_522_400.9)) == 1_760_522_400)
        #expect(MoodleTime.seconds(Date(timeIntervalSince1970: 0)) == 0)
    }

    @Test func aWholeNumberComesAsANumberOrAString() {
        #expect(decode(MoodleInt.self, "85")?.value == 85)
        #expect(decode(MoodleInt.self, #""85""#)?.value == 85)
        #expect(decode(MoodleInt.self, #"" 85 ""#)?.value == 85)
        #expect(decode(MoodleInt.self, "85.0")?.value == 85)
        #expect(decode(MoodleInt.self, "-1")?.value == -1)
        #expect(decode(MoodleInt.self, "85.5") == nil)
        #expect(decode(MoodleInt.self, #""85.00000""#) == nil)
        #expect(decode(MoodleInt.self, #""eighty""#) == nil)
        #expect(decode(MoodleInt.self, "1e300") == nil)
        #expect(decode(MoodleInt.self, "true") == nil)
    }

    @Test func aNumberWithAFractionComesAsANumberOrADecimalString() {
        #expect(decode(MoodleNumber.self, #""85.00000""#)?.value == 85)
        #expect(decode(MoodleNumber.self, "33.333")?.value == 33.333)
        #expect(decode(MoodleNumber.self, #""-""#) == nil)
    }

    @Test func aYesOrNoComesAsABooleanANumberOrAString() {
        #expect(decode(MoodleFlag.self, "true")?.value == true)
        #expect(decode(MoodleFlag.self, "false")?.value == false)
        #expect(decode(MoodleFlag.self, "1")?.value == true)
        #expect(decode(MoodleFlag.self, "0")?.value == false)
        #expect(decode(MoodleFlag.self, #""1""#)?.value == true)
        #expect(decode(MoodleFlag.self, #""0""#)?.value == false)
        #expect(decode(MoodleFlag.self, #""true""#)?.value == true)
        #expect(decode(MoodleFlag.self, #""yes""#) == nil)
        #expect(decode(MoodleFlag.self, "null") == nil)
    }

    @Test func anOddOptionalFieldIsLeftOutRatherThanFailingTheAnswer() throws {
        struct Row: Decodable {
            var grade: MoodleInt?
            var name: String

            enum CodingKeys: String, CodingKey { case grade, name }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                grade = container.lenient(MoodleInt.self, forKey: .grade)
                name = try container.decode(String.self, forKey: .name)
            }
        }
        let rows = try JSONDecoder().decode([Row].self, from: Data(#"[{"grade":"n/a","name":"a"},{"grade":null,"name":"b"},{"name":"c"},{"grade":"7","name":"d"}]"#.utf8))
        #expect(rows.map(\.grade?.value) == [nil, nil, nil, 7])
    }
}
