"""Reads `coursebrowser calendar` output with a real iCalendar parser (python3-icalendar) and
checks it against `coursebrowser due --json` from the same backend: one transparent event for
each item but announcements, which are news, not dates.

Usage: check_calendar.py FIRST.ics SECOND.ics DUE.json DOMAIN [SLACK]

FIRST and SECOND are two runs of `calendar`; DUE is `due --json`; DOMAIN is what every UID
ends with after its `@`; SLACK is how many seconds a DTSTART may differ from its due_at (the
sample catalog dates its work from the moment it is read; default 0). Prints one line per problem and exits 1, or `ok N events` and exits 0.
"""
import json
import sys
from datetime import date, datetime, timedelta, timezone

from icalendar import Calendar


def raw_problems(data: bytes) -> list:
    """Line ends and folding, which a parser forgives: CR LF everywhere, 75 octets at most."""
    problems = []
    if not data.endswith(b"\r\n"):
        problems.append("the file does not end with CR LF")
    for number, line in enumerate(data.split(b"\r\n")[:-1], 1):
        if b"\n" in line or b"\r" in line:
            problems.append(f"line {number} has a bare LF or CR")
        if len(line) > 75:
            problems.append(f"line {number} is {len(line)} octets long")
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            problems.append(f"line {number} splits a UTF-8 character")
    return problems


def events(data: bytes) -> tuple:
    calendar = Calendar.from_ical(data)
    problems = []
    for name, expected in (("VERSION", "2.0"), ("CALSCALE", "GREGORIAN"), ("METHOD", "PUBLISH")):
        if str(calendar.get(name)) != expected:
            problems.append(f"{name} is {calendar.get(name)!r}, not {expected}")
    if not str(calendar.get("PRODID", "")):
        problems.append("no PRODID")
    return [component for component in calendar.walk("VEVENT")], problems


def check_event(event, item: dict, domain: str, slack: timedelta) -> list:
    problems = []
    uid = str(event.get("UID"))
    if uid != item["id"].replace(":", "-") + "@" + domain:
        problems.append(f"{uid}: the UID does not name {item['id']} at {domain}")
    if not isinstance(event.decoded("DTSTAMP"), datetime) or event.decoded("DTSTAMP").utcoffset() != timedelta(0):
        problems.append(f"{uid}: DTSTAMP is not in UTC")
    if str(event.get("TRANSP")) != "TRANSPARENT":
        problems.append(f"{uid}: TRANSP is {event.get('TRANSP')!r}, not TRANSPARENT: a deadline would show the user busy")
    start = event.decoded("DTSTART")
    due = datetime.fromisoformat(item["due_at"].replace("Z", "+00:00"))
    if item["all_day"]:
        end = event.decoded("DTEND")
        if isinstance(start, datetime) or not isinstance(start, date) or end != start + timedelta(days=1):
            problems.append(f"{uid}: an all-day item is not DTSTART;VALUE=DATE with DTEND the next day: {start!r} {end!r}")
    elif not isinstance(start, datetime) or start.tzinfo is None or start.utcoffset() != timedelta(0):
        problems.append(f"{uid}: DTSTART {start!r} is not in UTC")
    elif abs(start - due) > slack:
        problems.append(f"{uid}: DTSTART {start} is not due_at {due}")
    summary = str(event.get("SUMMARY"))
    if not (summary == item["title"] or summary.endswith(": " + item["title"])):
        problems.append(f"{uid}: SUMMARY {summary!r} does not end with the title {item['title']!r}")
    if item["course_code"] and not summary.startswith(item["course_code"] + ": "):
        problems.append(f"{uid}: SUMMARY {summary!r} does not start with the course code {item['course_code']!r}")
    url = event.get("URL")
    if (str(url) if url is not None else None) != item["url"]:
        problems.append(f"{uid}: URL {url!r} is not {item['url']!r}")
    return problems


def main(first_path: str, second_path: str, due_path: str, domain: str, slack: str = "0") -> int:
    with open(first_path, "rb") as first_file, open(second_path, "rb") as second_file, open(due_path, "rb") as due_file:
        first_data, second_data, items = first_file.read(), second_file.read(), json.load(due_file)
    problems = raw_problems(first_data)
    first, calendar_problems = events(first_data)
    second, _ = events(second_data)
    problems += calendar_problems
    by_uid = {item["id"].replace(":", "-") + "@" + domain: item for item in items if item["kind"] != "announcement"}
    uids = [str(event.get("UID")) for event in first]
    if len(set(uids)) != len(uids):
        problems.append("two events share a UID")
    if sorted(uids) != sorted(str(event.get("UID")) for event in second):
        problems.append("a second run gave other UIDs")
    if sorted(uids) != sorted(by_uid):
        problems.append(f"the events are not the items of due --json but announcements: {len(uids)} events, {len(by_uid)} items")
    for event in first:
        item = by_uid.get(str(event.get("UID")))
        if item is not None:
            problems += check_event(event, item, domain, timedelta(seconds=int(slack)))
    if not first:
        problems.append("no events")
    for problem in problems:
        print(problem)
    if not problems:
        print(f"ok {len(first)} events")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:6]))
