"""Uploads in Canvas's three steps, and the files they make: a course's or a submission's."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import mimetypes
import os
import posixpath
import re
import secrets
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Optional

from http_types import NOT_FOUND_MESSAGE, ApiError, Request, Response, error_response, iso, json_response, not_permitted_response
from request_bodies import FilePart, MultipartError, MultipartResult, form_pairs, parse_header_params, parse_multipart


@dataclass
class PendingUpload:
    token: str
    course_id: int
    folder: str
    name: str
    content_type: str
    on_duplicate: str
    issued_at: float
    params: dict
    used: bool = False
    assignment_id: Optional[int] = None   # set: a file for the user's submission, not the course's Files


@dataclass
class StoredFile:
    id: int
    uuid: str
    course_id: int
    folder: str
    requested_name: str
    on_duplicate: str
    content_type: str
    size: int
    sha256: str
    path: str
    created_at: str
    display_name: Optional[str] = None
    confirmed: bool = False
    assignment_id: Optional[int] = None   # set: it belongs to a submission to this assignment

    @property
    def for_submission(self) -> bool:
        return self.assignment_id is not None


def normalize_folder(path: Optional[str]) -> str:
    """`/a//b/` and `a/b` are the same folder; "" is the course files root."""
    parts = [p for p in (path or "").split("/") if p and p != "."]
    return "/".join(parts)


# Canvas's extension for renaming: dot-parts of ASCII letters and digits at the end, each
# but the last starting with a letter (`.final.pdf`, `.tar.gz`); the leftmost such ending.
CANVAS_EXTENSION = re.compile(r"(\.[A-Za-z][A-Za-z0-9]*)*(\.[A-Za-z0-9]*)\Z")
RENAME_NUMBERS = range(1, 8)     # Canvas tries -1 .. -7, then a UUID


def submission_name(name: str, taken: set) -> str:
    """`name`, or the name Canvas gives a copy of it in a submissions folder that already
    holds one: `-1` .. `-7` before the extension, then a random UUID (`essay-1.pdf`,
    `report-1.final.pdf`, `archive-1.tar.gz`, `essay-<uuid>.pdf`)."""
    if name not in taken:
        return name
    found = CANVAS_EXTENSION.search(name)
    ext = found.group(0) if found else ""
    # Ruby's File.basename strips nothing when the extension is the whole name (`.bashrc`).
    stem = name[:-len(ext)] if ext and ext != name else name
    for number in RENAME_NUMBERS:
        candidate = f"{stem}-{number}{ext}"
        if candidate not in taken:
            return candidate
    return f"{stem}-{uuid.uuid4()}{ext}"


def duplicate_name(name: str, taken: set) -> str:
    """`notes.txt` -> `notes (1).txt`, `notes (2).txt`, ... as Canvas renames."""
    stem, ext = posixpath.splitext(name)
    number = 1
    while f"{stem} ({number}){ext}" in taken:
        number += 1
    return f"{stem} ({number}){ext}"


class FileStore:
    def __init__(self, root: str):
        self.root = root
        self._lock = threading.Lock()
        self._salt = secrets.token_bytes(16)
        self._pending: dict[str, PendingUpload] = {}
        self._files: dict[int, StoredFile] = {}
        self._folders: dict[tuple, int] = {}
        self._submission_folders: dict[int, int] = {}
        self._next_id = 5001

    def reset(self) -> None:
        with self._lock:
            for stored in self._files.values():
                remove_quietly(stored.path)
            self._pending.clear()
            self._files.clear()
            self._folders.clear()
            self._submission_folders.clear()
            self._next_id = 5001

    def issue(self, course_id: int, params: dict, assignment_id: Optional[int] = None) -> PendingUpload:
        """Step 1: remember what is coming and sign upload_params for it.

        With `assignment_id` the file is for the user's submission to that assignment:
        Canvas keeps those out of the course's Files, so folders and `on_duplicate` do
        not apply to them.
        """
        name = params.get("name") or ""
        if not name:
            raise ApiError(400, "name is required")
        if assignment_id is not None:
            params = {k: v for k, v in params.items() if k not in ("parent_folder_path", "on_duplicate")}
        on_duplicate = params.get("on_duplicate") or "rename"
        if on_duplicate not in ("rename", "overwrite"):
            raise ApiError(400, 'on_duplicate is "rename" or "overwrite"')
        content_type = (params.get("content_type")
                        or mimetypes.guess_type(name)[0] or "application/octet-stream")
        token = secrets.token_urlsafe(18)
        policy = base64.b64encode(json.dumps({
            "expiration": iso(datetime.now(timezone.utc) + timedelta(minutes=30)),
            "conditions": [{"key": token}],
        }).encode()).decode()
        signature = hmac.new(self._salt, policy.encode(), hashlib.sha256).hexdigest()
        prefix = (f"courses/{course_id}" if assignment_id is None
                  else f"users/1/submissions/{assignment_id}")
        upload_params = {"key": f"{prefix}/{token}/{name}", "policy": policy,
                         "signature": signature, "filename": name,
                         "content_type": content_type}
        pending = PendingUpload(token, course_id, normalize_folder(params.get("parent_folder_path")),
                                name, content_type, on_duplicate, time.monotonic(), upload_params,
                                assignment_id=assignment_id)
        with self._lock:
            self._pending[token] = pending
        return pending

    def pending(self, token: str) -> Optional[PendingUpload]:
        with self._lock:
            return self._pending.get(token)

    def new_temp(self):
        return tempfile.NamedTemporaryFile(dir=self.root, prefix="upload-", delete=False)

    def store(self, pending: PendingUpload, path: str, part: FilePart) -> StoredFile:
        """Step 2 succeeded: keep the bytes; the file is not visible until confirmed."""
        with self._lock:
            if pending.used:  # a concurrent upload with the same token won
                raise ApiError(400, "upload token already used")
            pending.used = True
            stored = StoredFile(self._next_id, secrets.token_hex(16), pending.course_id,
                                pending.folder, pending.name, pending.on_duplicate,
                                pending.content_type, part.size, part.sha256, path,
                                iso(datetime.now(timezone.utc)),
                                assignment_id=pending.assignment_id)
            self._next_id += 1
            self._files[stored.id] = stored
        return stored

    def confirm(self, file_id: int, uuid: Optional[str]) -> Optional[StoredFile]:
        """Step 3: make the file visible, resolving duplicates as Canvas does."""
        with self._lock:
            stored = self._files.get(file_id)
            if stored is None or (uuid is not None and uuid != stored.uuid):
                return None
            if not stored.confirmed:
                self._place(stored)
            return stored

    def _place(self, stored: StoredFile) -> None:
        if stored.for_submission:
            # A submission's files go to the user's submissions folder of the course, where
            # Canvas always renames a name already taken (`essay-1.pdf`), whatever
            # `on_duplicate` says: a client can't find its files again by name alone.
            taken = {f.display_name for f in self._files.values() if f.confirmed and f.for_submission
                     and f.course_id == stored.course_id}
            stored.display_name = submission_name(stored.requested_name, taken)
            stored.confirmed = True
            return
        siblings = [f for f in self._files.values() if f.confirmed and not f.for_submission
                    and f.course_id == stored.course_id and f.folder == stored.folder]
        name = stored.requested_name
        clash = [f for f in siblings if f.display_name == name]
        if clash and stored.on_duplicate == "overwrite":
            for old in clash:
                del self._files[old.id]
                remove_quietly(old.path)
        elif clash:
            name = duplicate_name(name, {f.display_name for f in siblings})
        stored.display_name = name
        stored.confirmed = True

    def get(self, file_id: int, confirmed_only: bool = True) -> Optional[StoredFile]:
        with self._lock:
            stored = self._files.get(file_id)
        if stored is None or (confirmed_only and not stored.confirmed):
            return None
        return stored

    def folder_id(self, course_id: int, folder: str) -> int:
        with self._lock:
            key = (course_id, folder)
            if key not in self._folders:
                self._folders[key] = 900 + len(self._folders) + 1
            return self._folders[key]

    def folder_of(self, stored: StoredFile) -> int:
        """A course file's folder, or the user's own "Submissions" folder for the
        course (numbered apart, so course folder ids do not depend on submissions)."""
        if not stored.for_submission:
            return self.folder_id(stored.course_id, stored.folder)
        with self._lock:
            if stored.course_id not in self._submission_folders:
                self._submission_folders[stored.course_id] = 800 + len(self._submission_folders) + 1
            return self._submission_folders[stored.course_id]

    def confirmed_files(self) -> list:
        """The course's Files: what /__control/files lists (no submission files)."""
        with self._lock:
            return sorted((f for f in self._files.values() if f.confirmed and not f.for_submission),
                          key=lambda f: f.id)


def remove_quietly(path: str) -> None:
    try:
        os.remove(path)
    except OSError:
        pass


class UploadRoutes:
    """The three steps of an upload, and the files they make; FakeCanvas mixes them in."""

    def start_upload(self, req: Request, course: str) -> Response:
        """Step 1: params may be in the query, a form body or a JSON body."""
        cid = self._course(course)
        if self.role == "student":
            # Adding to a course's Files needs "Manage Files", which students lack.
            return not_permitted_response()
        # Query first, then the body; a name in both takes the body's value.
        params = dict(form_pairs(req))
        return json_response(200, self._ticket(self.files.issue(cid, params)))

    def _ticket(self, pending: PendingUpload) -> dict:
        """Step 1's answer, the same for course files and submission files."""
        if self.store_on_canvas_host:
            return self.local_ticket(pending)
        return {
            "upload_url": f"{self.base}/files_api/upload/{pending.token}",
            "upload_params": dict(pending.params),
            "file_param": "file",
        }

    def upload(self, req: Request, token: str) -> Response:
        """Step 2: the file store; no Canvas token belongs here."""
        if req.method != "POST":
            return error_response(405, "the file store only takes POST")
        if req.auth_present and self.config.reject_upload_auth:
            return error_response(400, "Authorization header not allowed on the file store")
        pending = self.files.pending(token)
        if pending is None:
            return error_response(404, "unknown upload token")
        if pending.used:
            return error_response(400, "upload token already used")
        if time.monotonic() - pending.issued_at > self.config.signature_ttl:
            return error_response(400, "expired: the upload signature is no longer valid",
                                  extra={"error": "expired"})
        kind, ctype_params = parse_header_params(req.headers.get("Content-Type") or "")
        if kind != "multipart/form-data" or not ctype_params.get("boundary"):
            return error_response(400, "expected multipart/form-data with a boundary")
        return self._receive(req, pending, ctype_params["boundary"])

    def _receive(self, req: Request, pending: PendingUpload, boundary: str) -> Response:
        """Stream the body to a temp file; keep it only if the upload is valid."""
        out = self.files.new_temp()
        try:
            with out:
                result = parse_multipart(req.body, boundary, out)
            problem = self._check_upload_fields(result, pending)
            if problem is None:
                return self._upload_answer(self.files.store(pending, out.name, result.file))
        except MultipartError as exc:
            problem = f"malformed multipart body: {exc}"
        except BaseException:
            remove_quietly(out.name)  # client went away, or the token was taken
            raise
        remove_quietly(out.name)
        return error_response(400, problem)

    @staticmethod
    def _check_upload_fields(result: MultipartResult, pending: PendingUpload) -> Optional[str]:
        if result.file is None:
            return "no `file` part in the upload"
        for name in ("key", "policy", "signature"):
            if result.fields.get(name) != pending.params[name]:
                after = " (it came after the file part)" if name in result.ignored_after_file else ""
                return f"missing or wrong upload param {name!r}{after}"
        return None

    def _upload_answer(self, stored: StoredFile) -> Response:
        if self.config.upload_answer == "201":
            self.files.confirm(stored.id, stored.uuid)  # Canvas is done at 201
            location = f"{self.base}/api/v1/files/{stored.id}"
            return json_response(201, self.file_json(stored), [("Location", location)])
        location = f"{self.base}/api/v1/files/{stored.id}/create_success?uuid={stored.uuid}"
        return Response(301, b"", None, [("Location", location)])

    def confirm_upload(self, req: Request, file: str) -> Response:
        """Step 3: following the redirect (with the token) confirms the file."""
        req.body.drain()
        stored = self.files.confirm(int(file), req.param("uuid"))
        if stored is None:
            return error_response(404, NOT_FOUND_MESSAGE)
        return json_response(200, self.file_json(stored))

    def get_file(self, req: Request, file: str) -> Response:
        entry = self.catalog.get(int(file))
        if entry is not None:
            self._files_course(str(entry.course_id))
            return json_response(200, self.course_file_json(entry))
        stored = self.files.get(int(file))
        if stored is None:
            return error_response(404, NOT_FOUND_MESSAGE)
        return json_response(200, self.file_json(stored))

    def file_json(self, stored: StoredFile) -> dict:
        name = stored.display_name or stored.requested_name
        return {
            "id": stored.id,
            "uuid": stored.uuid,
            "display_name": name,
            "filename": name,
            "size": stored.size,
            "content-type": stored.content_type,
            "url": f"{self.base}/files/{stored.id}/download?download_frd=1&verifier={stored.uuid}",
            "folder_id": self.files.folder_of(stored),
            "created_at": stored.created_at,
            "updated_at": stored.created_at,
            "locked": False,
            "hidden": False,
        }

    def control_files(self, _payload) -> Response:
        return json_response(200, [{"id": f.id, "course_id": f.course_id, "folder": f.folder,
                                    "name": f.display_name, "size": f.size,
                                    "sha256": f.sha256, "content_type": f.content_type}
                                   for f in self.files.confirmed_files()])
