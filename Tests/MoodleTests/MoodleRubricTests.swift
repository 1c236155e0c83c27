import CourseKit
import Foundation
@testable import Moodle
import Testing

/// `MoodleRubricHTML`: the rubric gradingform_rubric renders into an assignment's
/// `gradefordisplay` for the student, read back as criteria, levels and the teacher's marks.
struct MoodleRubricTests {
    /// The student's view (DISPLAY_VIEW) of a two-criterion rubric, then the long grade.
    static let display = """
    <div class="advancedgrade"><div class="box py-3 gradingform_rubric-description">Read <b>all</b> of it.</div>\
    <div id="rubric-rubric0" class="clearfix gradingform_rubric view"><table class="criteria" id="rubric0-criteria">\
    <tr class="criterion first even" id="rubric0-criteria-12"><td class="description" id="rubric0-criteria-12-description">Content &amp; ideas</td>\
    <td class="levels"><table><tr id="rubric0-criteria-12-levels">\
    <td id="rubric0-criteria-12-levels-40" class="level first even" width="50%"><div class="level-wrapper">\
    <div class="definition" id="rubric0-criteria-12-levels-40-definition">Thin</div>\
    <div class="score"><span id="rubric0-criteria-12-levels-40-score" class="scorevalue">0</span> points</div></div></td>\
    <td id="rubric0-criteria-12-levels-41" class="level last odd checked" width="50%"><div class="level-wrapper">\
    <div class="definition" id="rubric0-criteria-12-levels-41-definition">Deep<br>with examples</div>\
    <div class="score"><span id="rubric0-criteria-12-levels-41-score" class="scorevalue">6</span> points</div></div></td>\
    </tr></table></td><td class="remark">Lovely examples.</td></tr>\
    <tr class="criterion last odd" id="rubric0-criteria-13"><td class="description" id="rubric0-criteria-13-description">Style</td>\
    <td class="levels"><table><tr id="rubric0-criteria-13-levels">\
    <td id="rubric0-criteria-13-levels-50" class="level first even checked" width="50%"><div class="level-wrapper">\
    <div class="definition" id="rubric0-criteria-13-levels-50-definition">Plain</div>\
    <div class="score"><span id="rubric0-criteria-13-levels-50-score" class="scorevalue">1,5</span> points</div></div></td>\
    <td id="rubric0-criteria-13-levels-51" class="level last odd" width="50%"><div class="level-wrapper">\
    <div class="definition" id="rubric0-criteria-13-levels-51-definition">Polished</div>\
    <div class="score"><span id="rubric0-criteria-13-levels-51-score" class="scorevalue">4</span> points</div></div></td>\
    </tr></table></td><td class="remark"></td></tr></table></div></div>7.50 / 10.00
    """

    @Test func criteriaLevelsAndTheChosenOnesAreRead() throws {
        let reading = try #require(MoodleRubricHTML.read(Self.display))
        #expect(reading.rubric.criteria.map(\.id) == ["12", "13"])
        #expect(reading.rubric.criteria[0].description == "Content & ideas")
        #expect(reading.rubric.criteria[0].points == 6)
        #expect(reading.rubric.criteria[0].ratings.map(\.id) == ["40", "41"])
        #expect(reading.rubric.criteria[0].ratings[1].description == "Deep with examples")
        #expect(reading.rubric.criteria[1].ratings[0].points == 1.5, "a decimal comma is a decimal point")
        #expect(!reading.rubric.hidesPoints)
        #expect(reading.marks["12"] == RubricMark(ratingID: "41", points: 6, comments: "Lovely examples."))
        #expect(reading.marks["13"] == RubricMark(ratingID: "50", points: 1.5, comments: nil))
        #expect(reading.gradeText == "7.50 / 10.00", "the grade after the rubric, the description left out")
    }

    @Test func aRubricWithoutScoresHidesPoints() throws {
        let unscored = Self.display.replacing(/<div class="score">.*?<\/div>/, with: "")
        let reading = try #require(MoodleRubricHTML.read(unscored))
        #expect(reading.rubric.hidesPoints)
        #expect(reading.marks["12"]?.ratingID == "41")
        #expect(reading.marks["12"]?.points == nil)
    }

    @Test func aPlainGradeOrAnotherMethodHasNoRubric() {
        #expect(MoodleRubricHTML.read("9.00&nbsp;/&nbsp;10.00") == nil)
        #expect(MoodleRubricHTML.read(#"<div class="advancedgrade"><div class="gradingform_guide">Guide</div></div>8.00 / 10.00"#) == nil)
    }

    @Test func theAssignmentCarriesTheRubricAndTheMarksAndTheGradeAfterIt() throws {
        var status = try JSONDecoder().decode(MoodleSubmissionStatus.self, from: Data(#"{"lastattempt":{"graded":true}}"#.utf8))
        status.feedback = MoodleSubmissionStatus.Feedback(
            grade: .init(grade: "7.50000", timemodified: MoodleInt(1_760_000_000)),
            gradefordisplay: Self.display, gradeddate: MoodleInt(1_760_000_000), plugins: []
        )
        let assign = try JSONDecoder().decode(MoodleAssign.self, from: Data(#"{"id":3,"cmid":301,"course":5,"name":"Essay","grade":10}"#.utf8))
        let assignment = MoodleAssignment.assignment(assign, status: status, site: TestSite.url, now: Date(timeIntervalSince1970: 1_760_100_000))
        #expect(assignment.rubric?.criteria.count == 2)
        #expect(assignment.submission?.rubricMarks?["12"]?.comments == "Lovely examples.")
        #expect(assignment.submission?.grade == "7.50 / 10.00")
        #expect(assignment.submission?.score == 7.5)
    }
}
