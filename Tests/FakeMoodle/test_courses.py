"""Self-test of fake_moodle.py: courses, the timeline, grades, courses by field, course contents,
escaping and PHP bracket parameters."""

from __future__ import annotations

import json
import os
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from module_server import DAY, ModuleServer  # noqa: E402

SERVER = ModuleServer()
setUpModule, tearDownModule = SERVER.start, SERVER.stop
TIMELINE = "core_course_get_enrolled_courses_by_timeline_classification"


def options(*pairs) -> list:
    out = [("courseid", "101")]
    for i, (name, value) in enumerate(pairs):
        out += [(f"options[{i}][name]", name), (f"options[{i}][value]", value)]
    return out


def timeline(classification: str, **extra) -> dict:
    return SERVER.rest(TIMELINE, {"classification": classification, **extra})


class Base(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        SERVER.reset()


class UsersCoursesTests(Base):
    def test_bare_list_of_visible_active_courses_in_order(self):
        courses = SERVER.rest("core_enrol_get_users_courses", {"userid": 7})
        self.assertIsInstance(courses, list)
        self.assertEqual([c["id"] for c in courses], [101, 102, 103, 104, 105, 106])  # 107 not enrolled, 108 hidden
        first = courses[0]
        for key in ("id", "shortname", "fullname", "displayname", "enrolledusercount", "idnumber", "visible",
                    "summary", "summaryformat", "format", "courseimage", "showgrades", "lang", "enablecompletion",
                    "completionhascriteria", "completionusertracked", "category", "progress", "completed",
                    "startdate", "enddate", "marker", "lastaccess", "isfavourite", "hidden", "overviewfiles",
                    "showactivitydates", "showcompletionconditions", "timemodified"):
            self.assertIn(key, first)
        self.assertEqual((first["visible"], first["progress"], first["isfavourite"]), (1, 50.0, True))
        self.assertEqual(first["overviewfiles"][0]["fileurl"],
                         f"{SERVER.wwwroot}/webservice/pluginfile.php/5101/course/overviewfiles/anh-bia.jpg")
        by_id = {c["id"]: c for c in courses}
        self.assertIs(by_id[102]["hidden"], True)
        self.assertIsNone(by_id[103]["progress"])
        self.assertIsNone(by_id[105]["lastaccess"])
        self.assertEqual(by_id[103]["enddate"], 0)

    def test_names_go_through_format_string_and_summary_is_cleaned(self):
        by_id = {c["id"]: c for c in SERVER.rest("core_enrol_get_users_courses", {"userid": 7})}
        self.assertEqual(by_id[102]["fullname"], "Cơ sở dữ liệu &amp; SQL")
        self.assertEqual(by_id[106]["fullname"], "Nhập môn  &amp; CSS")      # strip_tags took <HTML>
        summary = by_id[101]["summary"]
        self.assertIn("<ul><li>", summary)
        self.assertIn("&amp; công cụ", summary)
        self.assertNotIn("<script", summary)
        raw = {c["id"]: c for c in SERVER.rest("core_enrol_get_users_courses", {"userid": 7},
                                                settings={"moodlewssettingraw": "1"})}
        self.assertEqual(raw[106]["fullname"], "Nhập môn <HTML> & CSS")
        self.assertIn("<script>", raw[101]["summary"])

    def test_another_users_courses_are_not_disclosed(self):
        self.assertEqual(SERVER.rest("core_enrol_get_users_courses", {"userid": 21}), [])


class TimelineTests(Base):
    def ids(self, answer: dict) -> list:
        return [c["id"] for c in answer["courses"]]

    def test_classifications(self):
        self.assertEqual(self.ids(timeline("all")), [101, 103, 104, 105, 106])
        self.assertEqual(self.ids(timeline("allincludinghidden")), [101, 102, 103, 104, 105, 106])
        self.assertEqual(self.ids(timeline("inprogress")), [101, 103, 106])       # 103 has no end date
        self.assertEqual(self.ids(timeline("future")), [105])
        self.assertEqual(self.ids(timeline("past")), [104])
        self.assertEqual(self.ids(timeline("favourites")), [101])
        self.assertEqual(self.ids(timeline("hidden")), [102])
        self.assertEqual(self.ids(timeline("search", searchvalue="sql")), [102])  # search keeps hidden ones
        self.assertEqual(SERVER.rest(TIMELINE, {"classification": "bogus"})["errorcode"], "invalidparameter")

    def test_nextoffset_counts_courses_examined(self):
        page = timeline("inprogress", limit=2)
        self.assertEqual((self.ids(page), page["nextoffset"]), ([101, 103], 2))
        page = timeline("inprogress", limit=2, offset=2)
        self.assertEqual((self.ids(page), page["nextoffset"]), ([106], 5))       # 104, 105 examined and skipped
        self.assertEqual(timeline("all", limit=0)["nextoffset"], 5)

    def test_course_summary_exporter_fields(self):
        course = timeline("favourites")["courses"][0]
        self.assertEqual(set(course), {
            "id", "fullname", "shortname", "idnumber", "summary", "summaryformat", "startdate", "enddate", "visible",
            "showactivitydates", "showcompletionconditions", "pdfexportfont", "fullnamedisplay", "viewurl",
            "courseimage", "progress", "hasprogress", "isfavourite", "hidden", "showshortname", "coursecategory"})
        self.assertIs(course["visible"], True)
        self.assertEqual((course["progress"], course["hasprogress"]), (50, True))
        self.assertEqual(course["viewurl"], f"{SERVER.wwwroot}/course/view.php?id=101")
        self.assertEqual(course["coursecategory"], "Học kỳ 1 2026–2027")
        other = timeline("future")["courses"][0]
        self.assertTrue(other["courseimage"].startswith("data:image/svg+xml;base64,"))
        self.assertEqual((other["progress"], other["hasprogress"]), (0, False))

    def test_sort(self):
        self.assertEqual(self.ids(timeline("all", sort="fullname desc")), [103, 106, 101, 104, 105])
        self.assertEqual(self.ids(timeline("all", sort="ul.timeaccess desc")), [101, 103, 106, 104, 105])
        self.assertEqual(SERVER.rest(TIMELINE, {"classification": "all", "sort": "nope"})["errorcode"],
                         "invalidparameter")


class GradesAndFieldTests(Base):
    def test_course_grades(self):
        answer = SERVER.rest("gradereport_overview_get_course_grades")
        self.assertEqual(answer["warnings"], [])
        self.assertEqual(answer["grades"], [
            {"courseid": 101, "grade": "B+ (87.50 %)", "rawgrade": "87.50000"},
            {"courseid": 102, "grade": "-", "rawgrade": None},
            {"courseid": 103, "grade": "72.00 %", "rawgrade": "72.00000"},
            {"courseid": 104, "grade": "8.25", "rawgrade": "8.25000"},
            {"courseid": 106, "grade": "-", "rawgrade": None}])
        self.assertEqual(SERVER.rest("gradereport_overview_get_course_grades", {"userid": 21})["errorcode"],
                         "nopermissions")

    def test_courses_by_field(self):
        answer = SERVER.rest("core_course_get_courses_by_field", {"field": "id", "value": "101"})
        course = answer["courses"][0]
        self.assertEqual(course["contacts"], [{"id": 21, "fullname": "TS. Nguyễn Văn Hùng"},
                                              {"id": 22, "fullname": "ThS. Trần Thị Mai Anh"}])
        self.assertEqual((course["categoryname"], course["showgrades"], course["visible"], course["format"]),
                         ("Học kỳ 1 2026–2027", 1, 1, "topics"))
        self.assertNotIn("<script", course["summary"])
        ids = SERVER.rest("core_course_get_courses_by_field", {"field": "ids", "value": "103,107,999"})
        self.assertEqual([c["id"] for c in ids["courses"]], [103, 107])
        self.assertNotIn("format", ids["courses"][1])          # public information only
        self.assertEqual([w["itemid"] for w in ids["warnings"]], [107, 999])
        short = SERVER.rest("core_course_get_courses_by_field", {"field": "shortname", "value": "JPN301"})
        self.assertEqual(short["courses"][0]["fullname"], "日本近代文学講読")
        everything = SERVER.rest("core_course_get_courses_by_field")
        self.assertEqual([c["id"] for c in everything["courses"]], [1, 101, 102, 103, 104, 105, 106, 107])
        self.assertEqual(SERVER.rest("core_course_get_courses_by_field", {"field": "x"})["errorcode"],
                         "invalidparameter")


class ContentsTests(Base):
    def contents(self, *pairs, **settings) -> list:
        return SERVER.rest("core_course_get_contents", options(*pairs), settings=settings)

    def test_sections_names_and_restricted_section(self):
        sections = self.contents()
        self.assertEqual([s["name"] for s in sections],
                         ["General", "Tuần 1: Giới thiệu", "Tuần 2: Kiểu dữ liệu &amp; hàm", "New section",
                          "Tuần 4: Ôn tập"])
        restricted = sections[4]
        self.assertIs(restricted["uservisible"], False)
        self.assertIn("Not available unless", restricted["availabilityinfo"])
        self.assertEqual(restricted["modules"], [])
        self.assertEqual([m["id"] for m in sections[3]["modules"]], [1031, 1032, 1033, 1034])
        self.assertIsNone(sections[0]["component"])

    def test_module_details(self):
        modules = {m["id"]: m for s in self.contents() for m in s["modules"]}
        resource = modules[1011]
        self.assertEqual(resource["contents"][0]["fileurl"],
                         f"{SERVER.wwwroot}/webservice/pluginfile.php/11011/mod_resource/content/1/de-cuong.pdf"
                         "?forcedownload=1")
        self.assertEqual((resource["contents"][0]["filesize"], resource["contents"][0]["mimetype"]),
                         (40960, "application/pdf"))
        self.assertEqual(resource["contentsinfo"]["filescount"], 1)
        self.assertEqual(resource["completiondata"]["state"], 1)
        self.assertEqual(modules[1002]["completiondata"]["isautomatic"], True)
        self.assertNotIn("completiondata", modules[1001])
        label = modules[1003]
        self.assertNotIn("url", label)
        self.assertIs(label["noviewlink"], True)
        self.assertIn("<a href=", label["description"])
        quiz = modules[1023]
        self.assertIs(quiz["uservisible"], False)
        self.assertIn("<strong>Bài tập 1</strong>", quiz["availabilityinfo"])
        url = modules[1012]["contents"][0]
        self.assertEqual((url["type"], url["filepath"], url["fileurl"]),
                         ("url", None, "https://developer.apple.com/swift/resources/?lang=vi&topic=basics"))
        folder = modules[1021]["contents"]
        self.assertEqual([(f["filepath"], f["filename"]) for f in folder],
                         [("/", "slides.pdf"), ("/code/", "main.swift"), ("/code/", "README.md"),
                          ("/", "Bài tập mẫu.pdf")])
        self.assertTrue(folder[3]["fileurl"].endswith("/mod_folder/content/1/B%C3%A0i%20t%E1%BA%ADp%20m%E1%BA%ABu.pdf"
                                                      "?forcedownload=1"))
        page = modules[1002]["contents"]
        self.assertEqual([f["filename"] for f in page], ["so-do-lop.png", "index.html"])
        self.assertEqual(modules[1013]["dates"][1]["dataid"], "duedate")
        self.assertEqual(json.loads(modules[1013]["customdata"])["duedate"], str(modules[1013]["dates"][1]["timestamp"]))

    def test_options(self):
        only = self.contents(("cmid", "1022"))
        self.assertEqual(len(only), 5)                                   # the skeleton stays
        self.assertEqual([m["id"] for s in only for m in s["modules"]], [1022])
        self.assertEqual([s["id"] for s in self.contents(("sectionid", "10102"))], [10102])
        self.assertEqual([s["section"] for s in self.contents(("sectionnumber", "3"))], [3])
        self.assertEqual({m["modname"] for s in self.contents(("modname", "assign")) for m in s["modules"]},
                         {"assign"})
        self.assertTrue(all(s["modules"] == [] for s in self.contents(("excludemodules", "1"))))
        excluded = {m["id"]: m for s in self.contents(("excludecontents", "true")) for m in s["modules"]}
        self.assertEqual(excluded[1021]["contents"], [])
        self.assertEqual(excluded[1021]["contentsinfo"]["filescount"], 4)
        bad = SERVER.rest("core_course_get_contents", options(("bogus", "1")))
        self.assertEqual((bad["errorcode"], bad["message"]), ("errorinvalidparam", 'The param "bogus" is invalid.'))

    def test_inaccessible_and_unknown_courses(self):
        for course in (107, 108):
            error = SERVER.rest("core_course_get_contents", {"courseid": course})
            self.assertEqual(error, {"exception": "moodle_exception", "errorcode": "errorcoursecontextnotvalid",
                                     "message": f"You cannot execute functions in the course context (course "
                                                f"id:{course}). The context error message was: Course or activity "
                                                "not accessible."})
        self.assertEqual(SERVER.rest("core_course_get_contents", {"courseid": 999})["errorcode"], "invalidrecord")

    def test_course_106_names_and_the_huge_file(self):
        sections = SERVER.rest("core_course_get_contents", {"courseid": 106})
        names = [m["name"] for s in sections for m in s["modules"]]
        self.assertIn("Bài 18446744073709551617 &lt; 2^65", names)
        self.assertEqual(sections[1]["name"], "Phần 1: HTML &amp; CSS cơ bản")
        big = [m for s in sections for m in s["modules"] if m["id"] == 6012][0]["contents"][0]
        self.assertEqual(big["filesize"], 5000000000)


class BracketTests(Base):
    def test_nested_brackets_and_empty_brackets(self):
        answer = SERVER.rest("mod_assign_get_assignments", [("courseids[]", "103"), ("courseids[]", "102")])
        self.assertEqual([c["id"] for c in answer["courses"]], [102, 103])
        answer = SERVER.rest("mod_assign_get_assignments", [("courseids[5]", "101")])
        self.assertEqual([c["id"] for c in answer["courses"]], [101])

    def test_scalar_where_a_list_is_expected(self):
        error = SERVER.rest("mod_assign_get_assignments", {"courseids": "101"})
        self.assertEqual(error["errorcode"], "invalidparameter")
        self.assertIn("Only arrays accepted", error["debuginfo"])

    def test_dates_follow_the_start(self):
        by_id = {c["id"]: c for c in SERVER.rest("core_enrol_get_users_courses", {"userid": 7})}
        self.assertAlmostEqual(by_id[101]["startdate"], time.time() - 60 * DAY, delta=120)
        self.assertAlmostEqual(by_id[105]["startdate"], time.time() + 20 * DAY, delta=120)


if __name__ == "__main__":
    unittest.main()
