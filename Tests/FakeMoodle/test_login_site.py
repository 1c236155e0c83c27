"""Self-test of fake_moodle.py: public config, token.php, launch.php, site info and the REST
protocol's errors.

    python3 -m unittest discover -s Tests/FakeMoodle -p "test_*.py"
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import sys
import unittest
from urllib.parse import quote

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from module_server import FORM_TYPE, TOKEN, ModuleServer, form  # noqa: E402

SERVER = ModuleServer()
setUpModule, tearDownModule = SERVER.start, SERVER.stop
PUBLIC_CONFIG = [{"index": 0, "methodname": "tool_mobile_get_public_config", "args": {}}]
REQUIRED_PUBLIC_KEYS = (
    "wwwroot httpswwwroot sitename guestlogin rememberusername authloginviaemail registerauth "
    "forgottenpasswordurl authinstructions authnoneenabled enablewebservices enablemobilewebservice "
    "maintenanceenabled maintenancemessage typeoflogin launchurl mobilecssurl tool_mobile_disabledfeatures "
    "country agedigitalconsentverification supportpage supportavailability autolang lang langmenu langlist "
    "locale tool_mobile_minimumversion tool_mobile_iosappid tool_mobile_androidappid tool_mobile_setuplink "
    "tool_mobile_qrcodetype warnings showloginform tool_mfa_enabled enableloginrecaptcha "
    "enableforgotpasswordrecaptcha").split()


def login(**fields) -> dict:
    body = {"username": "sv2026001", "password": "Mật-khẩu-1", "service": "moodle_mobile_app"}
    body.update(fields)
    body = {k: v for k, v in body.items() if v is not None}
    reply = SERVER.request("POST", "/login/token.php", form(body), FORM_TYPE)
    assert reply.status == 200, reply.status
    return reply.json()


def fatal(errorcode: str, message: str) -> dict:
    return {"error": message, "errorcode": errorcode, "stacktrace": None, "debuginfo": None,
            "reproductionlink": None}


class Base(unittest.TestCase):
    def setUp(self):
        SERVER.reset()

    def config(self, **changes):
        self.assertEqual(SERVER.control("POST", "config", changes).status, 200)

    def public_config(self) -> dict:
        reply = SERVER.nologin(PUBLIC_CONFIG)
        self.assertEqual(reply.status, 200)
        self.assertEqual(reply.headers["Content-Type"], "application/json; charset=utf-8")
        answer = reply.json()
        self.assertEqual(len(answer), 1)
        self.assertIs(answer[0]["error"], False)
        return answer[0]["data"]


class PublicConfigTests(Base):
    def test_every_required_field_and_escaped_sitename(self):
        data = self.public_config()
        for key in REQUIRED_PUBLIC_KEYS:
            self.assertIn(key, data)
        self.assertEqual(data["wwwroot"], SERVER.wwwroot)
        self.assertEqual(data["sitename"], "Trường Đại học Mở &amp; Công nghệ")
        self.assertEqual(data["typeoflogin"], 1)
        self.assertEqual(data["launchurl"], f"{SERVER.wwwroot}/admin/tool/mobile/launch.php")
        self.assertNotIn("identityproviders", data)
        self.assertIs(data["agedigitalconsentverification"], False)

    def test_body_is_php_json(self):
        raw = SERVER.nologin(PUBLIC_CONFIG).body
        self.assertIn(b"http:\\/\\/127.0.0.1", raw)          # json_encode escapes slashes
        self.assertIn(b"\\u01b0", raw)                      # and writes non-ASCII as \u escapes
        self.assertTrue(raw.isascii())

    def test_typeoflogin_2_and_3_list_the_identity_provider(self):
        for kind in (2, 3):
            self.config(typeoflogin=kind)
            data = self.public_config()
            self.assertEqual(data["typeoflogin"], kind)
            self.assertEqual(data["identityproviders"], [{"name": "Đăng nhập một lần", "iconurl": "",
                                                          "url": f"{SERVER.wwwroot}/auth/oauth2/login.php?id=1"}])

    def test_answers_in_maintenance_and_with_web_services_off(self):
        self.config(maintenance=True, maintenance_message="Bảo trì & nâng cấp", enablewebservices=False,
                    enablemobilewebservice=False)
        data = self.public_config()
        self.assertEqual((data["maintenanceenabled"], data["enablewebservices"], data["enablemobilewebservice"]),
                         (1, 0, 0))
        self.assertIn("Bảo trì &amp; nâng cấp", data["maintenancemessage"])

    def test_args_query_parameter_works_and_info_is_ignored(self):
        args = quote(json.dumps(PUBLIC_CONFIG))
        reply = SERVER.request("GET", f"/lib/ajax/service-nologin.php?info=whatever&args={args}")
        self.assertEqual(reply.json()[0]["data"]["typeoflogin"], 1)


class NologinErrorTests(Base):
    def test_function_without_ajax_is_servicenotavailable(self):
        reply = SERVER.nologin([{"index": 0, "methodname": "core_webservice_get_site_info", "args": {}}]).json()
        self.assertEqual(reply, [{"error": True, "exception": {
            "message": "Web service is not available (it doesn't exist or might be disabled)",
            "errorcode": "servicenotavailable", "link": f"{SERVER.wwwroot}/",
            "moreinfourl": "https://docs.moodle.org/405/en/error/webservice/servicenotavailable"}}])

    def test_ajax_function_needing_login_and_every_request_answered(self):
        reply = SERVER.nologin([
            {"index": 0, "methodname": "core_course_get_enrolled_courses_by_timeline_classification",
             "args": {"classification": "all"}},
            {"index": 1, "methodname": "tool_mobile_get_public_config", "args": {}}]).json()
        self.assertEqual(reply[0]["exception"]["errorcode"], "servicerequireslogin")
        self.assertIs(reply[1]["error"], False)

    def test_bad_json_is_the_single_coding_error_object(self):
        reply = SERVER.request("POST", "/lib/ajax/service-nologin.php", b"[{not json",
                               {"Content-Type": "application/json"})
        self.assertEqual(reply.status, 200)
        self.assertEqual(reply.json(), {
            "error": "Coding error detected, it must be fixed by a programmer: Invalid json in request: Syntax error",
            "errorcode": "codingerror", "stacktrace": None, "debuginfo": None, "reproductionlink": None})

    def test_unexpected_args_and_an_index_out_of_order(self):
        reply = SERVER.nologin([{"index": 5, "methodname": "tool_mobile_get_public_config",
                                 "args": {"x": 1}}]).json()
        self.assertEqual(list(reply), ["5"])           # PHP encodes a non-0..n-1 array as an object
        self.assertEqual(reply["5"]["exception"]["errorcode"], "invalidparameter")

    def test_unknown_function_loses_the_whole_answer(self):
        reply = SERVER.nologin([{"index": 0, "methodname": "tool_mobile_get_public_config", "args": {}},
                                {"index": 1, "methodname": "no_such_function", "args": {}}]).json()
        self.assertEqual(reply["errorcode"], "invalidrecord")


class TokenTests(Base):
    def test_success_trims_and_lowercases_the_username(self):
        self.assertEqual(login(username="  SV2026001 "), {"token": TOKEN, "privatetoken": None})

    def test_each_error_in_moodle_order(self):
        self.assertEqual(login(password="sai"), fatal("invalidlogin", "Invalid login, please try again"))
        self.assertEqual(login(username=None), fatal("missingparam", "A required parameter (username) was missing"))
        self.assertEqual(login(service=None)["errorcode"], "missingparam")
        self.assertEqual(login(service="other_service"), fatal(
            "servicenotavailable", "Web service is not available (it doesn't exist or might be disabled)"))
        self.config(maintenance=True)
        self.assertEqual(login(password="sai")["errorcode"], "invalidlogin")   # credentials come first
        self.assertEqual(login(), fatal("sitemaintenance",
                                        "The site is undergoing maintenance and is currently not available"))
        self.config(enablemobilewebservice=False, maintenance=False)
        self.assertEqual(login()["errorcode"], "servicenotavailable")
        self.config(enablewebservices=False)
        self.assertEqual(login(username=None), fatal("enablewsdescription",
                                                     "Web services must be enabled in Advanced features."))

    def test_get_works_and_appsitecheck(self):
        reply = SERVER.request("GET", "/login/token.php?username=sv2026001&password="
                               + quote("Mật-khẩu-1") + "&service=moodle_mobile_app")
        self.assertEqual(reply.json()["token"], TOKEN)
        self.assertEqual(SERVER.request("GET", "/login/token.php?appsitecheck=1").json(), {"appsitecheck": "ok"})

    def test_revoked_token_fails_and_a_new_login_gets_a_new_one(self):
        self.assertEqual(SERVER.control("POST", "revoke").status, 200)
        self.assertEqual(SERVER.rest("core_webservice_get_site_info")["errorcode"], "invalidtoken")
        fresh = login()["token"]
        self.assertRegex(fresh, r"^[0-9a-f]{32}$")
        self.assertNotEqual(fresh, TOKEN)
        self.assertEqual(SERVER.rest("core_webservice_get_site_info", token=fresh)["userid"], 7)
        self.assertEqual(SERVER.rest("core_webservice_get_site_info")["errorcode"], "invalidtoken")


class LaunchTests(Base):
    def launch(self, query: str):
        return SERVER.request("GET", f"/admin/tool/mobile/launch.php?{query}")

    def test_typeoflogin_1_is_an_html_error(self):
        reply = self.launch("service=moodle_mobile_app&passport=12345")
        self.assertEqual(reply.status, 200)
        self.assertTrue(reply.headers["Content-Type"].startswith("text/html"))
        self.assertIn(b"pluginnotenabledorconfigured", reply.body)

    def test_redirect_carries_md5_of_wwwroot_and_passport_and_the_token(self):
        self.config(typeoflogin=2)
        reply = self.launch("service=moodle_mobile_app&passport=abc123&urlscheme=myapp")
        self.assertEqual(reply.status, 302)
        location = reply.headers["Location"]
        self.assertTrue(location.startswith("moodlemobile://token="), location)   # the forced scheme
        siteid, token = base64.b64decode(location[len("moodlemobile://token="):]).decode().split(":::")
        self.assertEqual(siteid, hashlib.md5(f"{SERVER.wwwroot}abc123".encode()).hexdigest())
        self.assertEqual(token, TOKEN)

    def test_bad_urlscheme_and_missing_passport(self):
        self.config(typeoflogin=3)
        self.assertIn(b"urlscheme", self.launch("service=moodle_mobile_app&passport=1&urlscheme=9bad").body)
        self.assertIn(b"missingparam", self.launch("service=moodle_mobile_app").body)


class SiteInfoTests(Base):
    def test_required_and_mobile_fields(self):
        info = SERVER.rest("core_webservice_get_site_info")
        for key in ("sitename", "username", "firstname", "lastname", "fullname", "lang", "userid", "siteurl",
                    "userpictureurl", "functions"):
            self.assertIn(key, info)
        self.assertEqual((info["userid"], info["username"], info["fullname"]), (7, "sv2026001", "Nguyễn Văn An"))
        self.assertEqual(info["sitename"], "Trường Đại học Mở &amp; Công nghệ")
        self.assertEqual((info["release"], info["version"]), ("4.5.5+ (Build: 20250613)", "2024100705.01"))
        self.assertEqual((info["downloadfiles"], info["uploadfiles"], info["usermaxuploadfilesize"]),
                         (1, 1, 104857600))
        self.assertIs(info["userissiteadmin"], False)
        names = {f["name"]: f["version"] for f in info["functions"]}
        self.assertEqual(names["core_webservice_get_site_info"], "2024100705.01")
        self.assertEqual(names["mod_assign_save_submission"], "2024100700")
        self.assertIn("core_files_get_unused_draft_itemid", names)

    def test_disabled_function_leaves_the_list_and_answers_accessexception(self):
        self.config(disabled_functions=["mod_forum_get_forums_by_courses"])
        names = [f["name"] for f in SERVER.rest("core_webservice_get_site_info")["functions"]]
        self.assertNotIn("mod_forum_get_forums_by_courses", names)
        error = SERVER.rest("mod_forum_get_forums_by_courses")
        self.assertEqual((error["exception"], error["errorcode"], error["message"]),
                         ("webservice_access_exception", "accessexception", "Access control exception"))


class RestProtocolTests(Base):
    def test_success_headers(self):
        reply = SERVER.rest_reply("core_webservice_get_site_info")
        self.assertEqual(reply.headers["Content-Type"], "application/json")
        self.assertEqual(reply.headers["Cache-Control"], "private, must-revalidate, pre-check=0, post-check=0, max-age=0")
        self.assertEqual(reply.headers["Expires"], "Thu, 01 Jan 1970 00:00:00 GMT")
        self.assertEqual((reply.headers["Pragma"], reply.headers["Accept-Ranges"]), ("no-cache", "none"))

    def test_invalidtoken(self):
        for token in ("", "ffffffffffffffffffffffffffffffff"):
            reply = SERVER.rest_reply("core_webservice_get_site_info", token=token)
            self.assertEqual(reply.status, 200)
            self.assertEqual(reply.json(), {"exception": "moodle_exception", "errorcode": "invalidtoken",
                                            "message": "Invalid token - token not found"})

    def test_sitemaintenance_comes_after_the_token(self):
        self.config(maintenance=True)
        self.assertEqual(SERVER.rest("core_webservice_get_site_info", token="bad")["errorcode"], "invalidtoken")
        error = SERVER.rest("core_webservice_get_site_info")
        self.assertEqual((error["exception"], error["errorcode"]), ("moodle_exception", "sitemaintenance"))

    def test_missing_and_unknown_function(self):
        reply = SERVER.request("POST", "/webservice/rest/server.php",
                               form({"wstoken": TOKEN, "moodlewsrestformat": "json"}), FORM_TYPE).json()
        self.assertEqual((reply["errorcode"], reply["debuginfo"]), ("invalidparameter", "Missing function name"))
        self.assertEqual(SERVER.rest("core_no_such_function")["errorcode"], "invalidrecord")
        self.assertEqual(SERVER.rest("tool_mobile_get_autologin_key")["errorcode"], "accessexception")

    def test_invalidparameter_missing_unexpected_and_wrong_type(self):
        missing = SERVER.rest("core_course_get_contents")
        self.assertEqual(missing, {"exception": "invalid_parameter_exception", "errorcode": "invalidparameter",
                                   "message": "Invalid parameter value detected",
                                   "debuginfo": "Missing required key in single structure: courseid"})
        extra = SERVER.rest("core_course_get_contents", {"courseid": 101, "foo": "1"})
        self.assertEqual(extra["debuginfo"], "Unexpected keys (foo) detected in parameter array.")
        typed = SERVER.rest("core_course_get_contents", {"courseid": "abc"})
        self.assertIn('the value is "abc", the server was expecting "int" type', typed["debuginfo"])
        nested = SERVER.rest("mod_assign_save_submission", [("assignmentid", "501"),
                                                            ("plugindata[files_filemanager]", "x")])
        self.assertTrue(nested["debuginfo"].startswith("plugindata => Invalid parameter value detected: "
                                                       "files_filemanager => "), nested)

    def test_bools_take_0_and_1_but_not_true(self):
        ok = SERVER.rest("core_enrol_get_users_courses", {"userid": 7, "returnusercount": "0"})
        self.assertNotIn("enrolledusercount", ok[0])
        bad = SERVER.rest("core_enrol_get_users_courses", {"userid": 7, "returnusercount": "true"})
        self.assertEqual(bad["errorcode"], "invalidparameter")

    def test_post_wins_over_get_and_get_alone_works(self):
        reply = SERVER.request("POST", f"/webservice/rest/server.php?wstoken=bad&moodlewsrestformat=json"
                                       f"&wsfunction=core_webservice_get_site_info",
                               form({"wstoken": TOKEN}), FORM_TYPE)
        self.assertEqual(reply.json()["userid"], 7)
        reply = SERVER.request("GET", f"/webservice/rest/server.php?wstoken={TOKEN}&moodlewsrestformat=json"
                                      f"&wsfunction=core_webservice_get_site_info")
        self.assertEqual(reply.json()["userid"], 7)

    def test_other_formats_and_web_services_off(self):
        reply = SERVER.request("POST", "/webservice/rest/server.php",
                               form({"wstoken": TOKEN, "wsfunction": "core_webservice_get_site_info"}), FORM_TYPE)
        self.assertTrue(reply.headers["Content-Type"].startswith("text/xml"))
        self.assertIn(b"<EXCEPTION", reply.body)
        self.config(enablewebservices=False)
        reply = SERVER.rest_reply("core_webservice_get_site_info")
        self.assertEqual((reply.status, reply.body), (403, b""))

    def test_mobile_service_off_is_accessexception(self):
        self.config(enablemobilewebservice=False)
        self.assertEqual(SERVER.rest("core_webservice_get_site_info")["errorcode"], "accessexception")

    def test_unused_draft_itemid(self):
        answer = SERVER.rest("core_files_get_unused_draft_itemid")
        self.assertEqual({k: v for k, v in answer.items() if k != "itemid"},
                         {"component": "user", "contextid": 25, "userid": 7, "filearea": "draft", "warnings": []})
        self.assertTrue(1 <= answer["itemid"] <= 999999999)


if __name__ == "__main__":
    unittest.main()
