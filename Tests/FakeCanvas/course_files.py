"""Each course's folders and files, their bytes generated on demand, as canvas-lms's Files API lists them."""

from __future__ import annotations

import hashlib
import mimetypes
import threading
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Iterator, Optional

from http_types import (NOT_AUTHORIZED_MESSAGE, NOT_FOUND_MESSAGE, ApiError, Request, Response, error_response, iso,
                        json_response)
from uploads import normalize_folder


PATTERN_PERIOD = 1024 * 1024 + 7    # not a power of two, so a resume off by a MiB shows
STORE_CHUNK = 512 * 1024            # socket writes of the store: large, so a GiB streams fast
FILE_ID_BASE = 2_000_000            # course files: 2_000_000 + course * 100 + n
FOLDER_ID_BASE = 1_000_000          # course folders: 1_000_000 + course * 100 + n
FEEDBACK_FILE_IDS = 2_900_000       # a comment's attachment: 2_900_000 + course, in no course's Files
ADDED_FILE_IDS = 3_000_000          # files added through /__control/files, counted from here


def _pattern_block() -> bytes:
    """The block every generated file's bytes are read from: SHA-256 of a counter, PERIOD bytes,
    with its first STORE_CHUNK bytes repeated at the end so any offset has a whole chunk after it."""
    out = bytearray()
    counter = 0
    while len(out) < PATTERN_PERIOD:
        out += hashlib.sha256(b"fake-canvas-file-block-%d" % counter).digest()
        counter += 1
    del out[PATTERN_PERIOD:]
    return bytes(out + out[:STORE_CHUNK])


PATTERN = memoryview(_pattern_block())


def pattern_shift(file_id: int, version: int) -> int:
    """Where a file's bytes start in the block: each file and each version of it differs."""
    digest = hashlib.sha256(f"{file_id}:{version}".encode()).hexdigest()
    return int(digest[:8], 16) % PATTERN_PERIOD


@dataclass
class CourseFolderEntry:
    id: int
    course_id: int
    path: str                       # below the top folder: "" for it, "Readings/Week 1"
    parent_id: Optional[int]
    hidden: bool = False

    @property
    def name(self) -> str:
        return self.path.rsplit("/", 1)[-1] if self.path else "course files"

    @property
    def full_name(self) -> str:
        return "course files" + (f"/{self.path}" if self.path else "")


@dataclass
class CourseFileEntry:
    id: int
    course_id: int
    folder_id: int
    name: str
    size: int
    content_type: str
    created_at: datetime
    updated_at: datetime
    version: int = 1
    content: Optional[bytes] = None   # None: generated from the pattern
    hidden: bool = False
    unlock_at: Optional[datetime] = None
    lock_explanation: Optional[str] = None
    sha256: Optional[str] = None      # computed when first asked for

    @property
    def etag(self) -> str:
        return f'"{self.id}-{self.version}-{pattern_shift(self.id, self.version):x}"'

    @property
    def last_modified(self) -> str:
        return self.updated_at.strftime("%a, %d %b %Y %H:%M:%S GMT")

    @property
    def verifier(self) -> str:
        return hashlib.sha256(f"verifier:{self.id}".encode()).hexdigest()[:24]

    def locked_for(self, now: datetime) -> bool:
        return self.unlock_at is not None and self.unlock_at > now

    def chunks(self, start: int, end: int) -> Iterator[memoryview]:
        """Bytes start..<end, in pieces of at most STORE_CHUNK; bytes past `size` (for
        `store_long`) carry on with the same pattern, or are zeros after explicit content."""
        if self.content is not None:
            data = memoryview(self.content + bytes(max(0, end - len(self.content))))
            for offset in range(start, end, STORE_CHUNK):
                yield data[offset:min(end, offset + STORE_CHUNK)]
            return
        shift = pattern_shift(self.id, self.version)
        offset = start
        while offset < end:
            count = min(STORE_CHUNK, end - offset)
            at = (offset + shift) % PATTERN_PERIOD
            yield PATTERN[at:at + count]
            offset += count

    def digest(self) -> str:
        if self.sha256 is None:
            hasher = hashlib.sha256()
            for chunk in self.chunks(0, self.size):
                hasher.update(chunk)
            self.sha256 = hasher.hexdigest()
        return self.sha256


# (n, folder path, name, size, content type): each course's files; n 5 is locked, n 6 hidden.
SEEDED_FOLDERS = [("", None), ("Lectures", ""), ("Readings", ""), ("Readings/Week 1", "Readings"),
                  ("Solutions", "")]
HIDDEN_FOLDER = "Solutions"
SEEDED_FILES = [
    (1, "", "Syllabus.pdf", 1_500, "application/pdf"),
    (2, "Lectures", "Lecture 1.pdf", 4_096, "application/pdf"),
    (3, "Lectures", "Lecture 2.pdf", 200_003, "application/pdf"),
    (4, "Readings/Week 1", "Chapter 1.txt", None, "text/plain"),
    (5, "Readings", "Exam rules.pdf", 2_048, "application/pdf"),
    (6, "Solutions", "Answers.pdf", 1_024, "application/pdf"),
]
LOCKED_FILE = 5
FILE_ITEM_FILE = 2               # module items of type File link to Lecture 1.pdf


class CourseFileCatalog:
    """Each course's folders and files, made when first looked at, and changed by tests."""

    def __init__(self, today: datetime):
        self.today = today
        self._lock = threading.Lock()
        self._folders: dict[int, list] = {}
        self._files: dict[int, CourseFileEntry] = {}
        self._next_id = ADDED_FILE_IDS

    def reset(self) -> None:
        with self._lock:
            self._folders.clear()
            self._files.clear()
            self._next_id = ADDED_FILE_IDS

    @staticmethod
    def file_item_id(cid: int) -> int:
        return FILE_ID_BASE + cid * 100 + FILE_ITEM_FILE

    def folders(self, cid: int) -> list:
        with self._lock:
            return list(self._seed(cid))

    def files(self, cid: int) -> list:
        with self._lock:
            self._seed(cid)
            return sorted((f for f in self._files.values() if f.course_id == cid),
                          key=lambda f: (f.name.lower(), f.id))

    def get(self, file_id: int) -> Optional[CourseFileEntry]:
        if FEEDBACK_FILE_IDS < file_id < ADDED_FILE_IDS:
            return self.feedback_file(file_id - FEEDBACK_FILE_IDS)
        with self._lock:
            if file_id < ADDED_FILE_IDS and file_id >= FILE_ID_BASE:
                self._seed((file_id - FILE_ID_BASE) // 100)
            return self._files.get(file_id)

    def feedback_file(self, cid: int) -> CourseFileEntry:
        """The file a teacher attached to a comment on course `cid`'s Homework 1: served like
        a course file, listed in no course's Files (its course id is negative)."""
        file_id = FEEDBACK_FILE_IDS + cid
        with self._lock:
            if file_id not in self._files:
                stamp = (self.today - timedelta(days=3)).replace(hour=14, minute=0)
                self._files[file_id] = CourseFileEntry(file_id, -cid, 0, "Marked Homework 1.pdf", 3_000 + cid,
                                                       "application/pdf", stamp, stamp)
            return self._files[file_id]

    def all_files(self) -> list:
        with self._lock:
            return sorted(self._files.values(), key=lambda f: f.id)

    def folder(self, cid: int, folder_id: int) -> Optional[CourseFolderEntry]:
        return next((f for f in self.folders(cid) if f.id == folder_id), None)

    def add(self, cid: int, name: str, folder: str, size: Optional[int], content: Optional[bytes],
            content_type: Optional[str], locked: bool, explanation: Optional[str]) -> CourseFileEntry:
        now = datetime.now(timezone.utc).replace(microsecond=0)
        with self._lock:
            folder_entry = self._folder_for(cid, normalize_folder(folder))
            file_id = self._next_id
            self._next_id += 1
            entry = CourseFileEntry(
                file_id, cid, folder_entry.id, name, len(content) if content is not None else size or 0,
                content_type or mimetypes.guess_type(name)[0] or "application/octet-stream",
                now, now, content=content, hidden=folder_entry.hidden)
            if locked:
                entry.unlock_at = self.today + timedelta(days=7, hours=8)
                entry.lock_explanation = explanation or self._lock_text(entry.unlock_at)
            self._files[file_id] = entry
            return entry

    def change(self, file_id: int, cid: Optional[int], size: Optional[int], content: Optional[bytes]) -> CourseFileEntry:
        entry = self.get(file_id)
        if entry is None or (cid is not None and entry.course_id != cid):
            raise ApiError(404, f"no course file {file_id}")
        with self._lock:
            entry.version += 1
            entry.content = content
            entry.size = len(content) if content is not None else (size if size is not None else entry.size)
            now = datetime.now(timezone.utc).replace(microsecond=0)
            # Two changes in one second still get two updated_at values, as a client compares them.
            entry.updated_at = max(now, entry.updated_at + timedelta(seconds=1))
            entry.sha256 = None
            return entry

    def _seed(self, cid: int) -> list:
        if cid in self._folders:
            return self._folders[cid]
        by_path: dict[str, CourseFolderEntry] = {}
        for number, (path, parent) in enumerate(SEEDED_FOLDERS):
            parent_id = by_path[parent].id if parent is not None else None
            by_path[path] = CourseFolderEntry(FOLDER_ID_BASE + cid * 100 + number, cid, path, parent_id,
                                              hidden=path == HIDDEN_FOLDER)
        self._folders[cid] = list(by_path.values())
        for number, path, name, size, content_type in SEEDED_FILES:
            file_id = FILE_ID_BASE + cid * 100 + number
            changed = (self.today - timedelta(days=10 - number)).replace(hour=9, minute=30)
            content = None
            if size is None:
                content = (f"Chapter 1 of course {cid}\n\nRead it before the first lecture.\n" * 20).encode()
                size = len(content)
            entry = CourseFileEntry(file_id, cid, by_path[path].id, name, size + (cid if number == 1 else 0),
                                    content_type, changed - timedelta(days=20), changed,
                                    content=content, hidden=path == HIDDEN_FOLDER)
            if number == LOCKED_FILE:
                entry.unlock_at = self.today + timedelta(days=7, hours=8)
                entry.lock_explanation = self._lock_text(entry.unlock_at)
            self._files[file_id] = entry
        return self._folders[cid]

    def _folder_for(self, cid: int, path: str) -> CourseFolderEntry:
        """The folder at `path` below the top, made (with its parents) when missing."""
        folders = self._seed(cid)
        found = next((f for f in folders if f.path == path), None)
        if found is not None:
            return found
        parent = self._folder_for(cid, path.rsplit("/", 1)[0] if "/" in path else "")
        made = CourseFolderEntry(FOLDER_ID_BASE + cid * 100 + len(folders), cid, path, parent.id,
                                 hidden=parent.hidden)
        folders.append(made)
        return made

    @staticmethod
    def _lock_text(when: datetime) -> str:
        return f"This file is locked until {when:%b} {when.day} at {when:%H:%M}."


class CourseFileRoutes:
    """A course's folders and files, and the control endpoints that add and change them; FakeCanvas
    mixes them in."""

    def _files_course(self, course: str) -> int:
        """A course whose Files the user may see: a student gets "not authorized" where the
        teacher hid Files (id % 10 == 8), as where the course is closed."""
        cid = self._readable_course(course)
        if self.role == "student" and cid % 10 == 8:
            raise ApiError(401, NOT_AUTHORIZED_MESSAGE, extra={"status": "unauthorized"})
        return cid

    def list_folders(self, req: Request, course: str) -> Response:
        cid = self._files_course(course)
        folders = self.catalog.folders(cid)
        files = self.catalog.files(cid)
        return self._paged(req, [self.course_folder_json(f, folders, files) for f in folders])

    def list_files(self, req: Request, course: str) -> Response:
        cid = self._files_course(course)
        return self._paged(req, [self.course_file_json(f) for f in self.catalog.files(cid)])

    def get_course_file(self, req: Request, course: str, file: str) -> Response:
        cid = self._files_course(course)
        entry = self.catalog.get(int(file)) if file.isdigit() else None
        if entry is None or entry.course_id != cid:
            return error_response(404, NOT_FOUND_MESSAGE)
        return json_response(200, self.course_file_json(entry))

    def course_folder_json(self, folder: CourseFolderEntry, folders: list, files: list) -> dict:
        stamp = iso(self.data.today - timedelta(days=30))
        api = f"{self.base}/api/v1/folders/{folder.id}"
        return {
            "id": folder.id, "name": folder.name, "full_name": folder.full_name,
            "context_id": folder.course_id, "context_type": "Course",
            "parent_folder_id": folder.parent_id, "created_at": stamp, "updated_at": stamp,
            "lock_at": None, "unlock_at": None, "position": None, "locked": False,
            "folders_url": f"{api}/folders", "files_url": f"{api}/files",
            "files_count": sum(1 for f in files if f.folder_id == folder.id),
            "folders_count": sum(1 for f in folders if f.parent_id == folder.id),
            "hidden": folder.hidden, "locked_for_user": False, "hidden_for_user": folder.hidden,
            "for_submissions": False, "can_upload": self.role == "teacher",
        }

    def course_file_json(self, entry: CourseFileEntry) -> dict:
        """As canvas-lms's `attachment_json`: `url` is empty for a file locked for the user."""
        locked = entry.locked_for(datetime.now(timezone.utc))
        url = "" if locked else f"{self.base}/files/{entry.id}/download?download_frd=1&verifier={entry.verifier}"
        answer = {
            "id": entry.id, "uuid": entry.verifier, "folder_id": entry.folder_id,
            "display_name": entry.name, "filename": entry.name.replace(" ", "+"),
            "workflow_state": "processed", "upload_status": "success",
            "content-type": entry.content_type, "url": url, "size": entry.size,
            "created_at": iso(entry.created_at), "updated_at": iso(entry.updated_at),
            "unlock_at": iso(entry.unlock_at), "locked": False, "hidden": entry.hidden, "lock_at": None,
            "hidden_for_user": entry.hidden, "thumbnail_url": None, "modified_at": iso(entry.updated_at),
            "mime_class": "pdf" if entry.content_type == "application/pdf" else "file",
            "media_entry_id": None, "locked_for_user": locked,
        }
        if locked:
            answer["lock_info"] = {"asset_string": f"attachment_{entry.id}", "unlock_at": iso(entry.unlock_at)}
            answer["lock_explanation"] = entry.lock_explanation
        return answer

    def control_course_file(self, payload) -> Response:
        """Adds a course file (`course`, `name`, `size` or `content`, `folder`, and optionally
        `content_type`, `locked`, `lock_explanation`), or with `id` changes one: new bytes, a new
        `updated_at` and a new ETag. Answers the file's Canvas JSON."""
        if not isinstance(payload, dict):
            raise ApiError(400, "a course file is a JSON object")
        content = payload.get("content")
        content = content.encode("utf-8") if isinstance(content, str) else None
        size = payload.get("size")
        if size is not None and (not isinstance(size, int) or size < 0):
            raise ApiError(400, "size is a whole number of bytes")
        course = payload.get("course")
        if "id" in payload:
            entry = self.catalog.change(int(payload["id"]), int(course) if course is not None else None, size, content)
            return json_response(200, self.course_file_json(entry))
        cid = self.data.resolve_course(str(course))
        name = payload.get("name")
        if cid is None or not isinstance(name, str) or not name:
            raise ApiError(400, "a new file needs a known course and a name")
        if content is None and size is None:
            raise ApiError(400, "a new file needs a size or a content")
        entry = self.catalog.add(cid, name, str(payload.get("folder") or ""), size, content,
                                 payload.get("content_type"), bool(payload.get("locked")),
                                 payload.get("lock_explanation"))
        return json_response(201, self.course_file_json(entry))

    def control_course_files(self, _payload) -> Response:
        """Every course file made so far (a course's appear once it was looked at), with its bytes' SHA-256."""
        return json_response(200, [{"id": f.id, "course_id": f.course_id, "folder_id": f.folder_id, "name": f.name,
                                    "size": f.size, "version": f.version, "etag": f.etag,
                                    "updated_at": iso(f.updated_at), "sha256": f.digest()}
                                   for f in self.catalog.all_files()])
