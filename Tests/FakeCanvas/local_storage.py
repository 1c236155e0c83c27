"""Files kept on the Canvas host itself, as a self-hosted Canvas with local storage keeps them."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import secrets
import time
import unicodedata
from datetime import datetime, timedelta, timezone
from email.utils import formatdate
from typing import Optional
from urllib.parse import quote, urlencode

from http_types import ApiError, Request, Response, iso
from request_bodies import MultipartError, parse_header_params, parse_multipart
from uploads import PendingUpload, StoredFile, remove_quietly

# canvas-lms config/routes.rb: `post 'files_api' => 'files#api_create', as: :api_v1_files_create`,
# outside /api because it "doesn't use the normal oauth authentication system".
LOCAL_UPLOAD_PATH = "/files_api"
# Attachments::LocalStorage#initialize_ajax_upload_params: the file field unless the caller names
# another, which neither the course files' nor the submission files' preflight does.
# FilesController#api_create reads `params[:file] || params[:attachment][:uploaded_data]`, so either
# name works.
LOCAL_FILE_PARAM = "attachment[uploaded_data]"
LOCAL_FILE_NAMES = ("file", LOCAL_FILE_PARAM)
CONTENT_LENGTH_RANGE = 10 * 1024 ** 3          # Attachment::CONTENT_LENGTH_RANGE, 10 GiB
STORAGE_ROOT = "/var/canvas/tmp/files"         # where the key says the file will lie
DIRECT_CACHE_SECONDS = 24 * 3600               # AttachmentHelper#set_cache_header: a day when sent directly


class LocalPolicy:
    """The signed policy a local-storage Canvas puts in `upload_params`
    (Attachment#ajax_upload_params, Attachments::LocalStorage#sign_policy): base64 JSON naming the
    attachment, signed with HMAC-SHA1 of a secret only Canvas knows."""

    def __init__(self):
        self._secret = secrets.token_bytes(20)

    def sign(self, policy: str) -> str:
        digest = hmac.new(self._secret, policy.encode(), hashlib.sha1).digest()
        return base64.b64encode(digest).decode()

    def decode(self, policy: Optional[str], signature: Optional[str]) -> Optional[dict]:
        """The policy, if `signature` is its own; None otherwise (Attachment.decode_policy)."""
        if not policy or not signature or not hmac.compare_digest(signature, self.sign(policy)):
            return None
        try:
            decoded = json.loads(base64.b64decode(policy))
        except ValueError:
            return None
        return decoded if isinstance(decoded, dict) else None

    def quota_exemption(self, token: str) -> str:
        """Attachment#quota_exemption_key: ten hex digits of an HMAC, in the URLs of an upload
        that does not count against the quota (a submission's file)."""
        return hmac.new(self._secret, (token + "quota_exempt").encode(), hashlib.sha1).hexdigest()[:10]


def rails_disposition(name: str) -> str:
    """`attachment` with both filename forms, as Rails' ActionDispatch::Http::ContentDisposition
    writes them for send_file: an ASCII stand-in (accents dropped, the rest `?`), then RFC 5987."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    plain = "".join(c if c.isascii() else "?" for c in plain)
    plain = re.sub(r"[^ A-Za-z0-9!#$+.^_`|~-]", lambda m: quote(m.group(0), safe=""), plain)
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(name, safe='!#$&+.^_`|~-')}"


class LocalStorageRoutes:
    """Step 1's ticket, step 2 and downloads when the file store lives on the Canvas host
    (`--store-on-canvas-host`); FakeCanvas mixes them in."""

    def local_ticket(self, pending: PendingUpload) -> dict:
        """Step 1's answer as api_attachment_preflight gives it with local storage: `upload_url` is
        this host's /files_api, with `on_duplicate` (left out for overwrite) and, for a file that
        does not count against the quota (a submission's), `quota_exemption` in its query."""
        query = []
        if pending.on_duplicate != "overwrite":
            query.append(("on_duplicate", pending.on_duplicate))
        if pending.assignment_id is not None:
            query.append(("quota_exemption", self.local_policy.quota_exemption(pending.token)))
        expires = datetime.now(timezone.utc) + timedelta(seconds=self.config.signature_ttl)
        key = f"{STORAGE_ROOT}/{pending.token}/{pending.name}".replace("+", " ")
        policy = {
            "expiration": iso(expires),
            "conditions": [{"key": key}, {"acl": "private"}, ["starts-with", "$Filename", ""],
                           ["content-length-range", 1, CONTENT_LENGTH_RANGE],
                           {"content-type": pending.content_type}],
            "attachment_id": pending.token,
        }
        encoded = base64.b64encode(json.dumps(policy, separators=(",", ":")).encode()).decode()
        return {
            "upload_url": f"{self.base}{LOCAL_UPLOAD_PATH}" + (f"?{urlencode(query)}" if query else ""),
            "upload_params": {"Filename": pending.name, "key": key, "acl": "private", "Policy": encoded,
                              "Signature": self.local_policy.sign(encoded), "content-type": pending.content_type},
            "file_param": LOCAL_FILE_PARAM,
        }

    def local_upload(self, req: Request) -> Response:
        """Step 2, FilesController#api_create. The signed Policy is all that authorises it: the
        token is neither needed nor looked at (a client may send it; it stays on Canvas's own
        host), so `reject_upload_auth` does not apply. Rack reads the whole form, so the fields
        count wherever they are. A bad, used or expired policy, or no file, is `400` with an
        empty body (`head :bad_request`); success is a `302` to create_success, whatever
        `upload_answer` says, carrying the upload URL's `on_duplicate` and `quota_exemption`."""
        kind, ctype_params = parse_header_params(req.headers.get("Content-Type") or "")
        if kind != "multipart/form-data" or not ctype_params.get("boundary"):
            return Response(400, b"", None)
        out = self.files.new_temp()
        try:
            with out:
                result = parse_multipart(req.body, ctype_params["boundary"], out, LOCAL_FILE_NAMES,
                                         fields_after_file=True)
            pending = self._local_pending(result.fields)
            if pending is not None and result.file is not None:
                stored = self.files.store(pending, out.name, result.file)
                return self._local_redirect(req, stored)
        except (MultipartError, ApiError):
            pass  # not a form, or another request took the upload first
        except BaseException:
            remove_quietly(out.name)  # client went away, or the upload was taken meanwhile
            raise
        remove_quietly(out.name)
        return Response(400, b"", None)

    def _local_pending(self, fields: dict) -> Optional[PendingUpload]:
        """The upload the policy names while it may still be made: signed by us, not expired,
        not used (Attachment.decode_policy wants the attachment still unattached)."""
        policy = self.local_policy.decode(fields.get("Policy"), fields.get("Signature"))
        pending = self.files.pending(str(policy.get("attachment_id"))) if policy else None
        if pending is None or pending.used or time.monotonic() - pending.issued_at > self.config.signature_ttl:
            return None
        return pending

    def _local_redirect(self, req: Request, stored: StoredFile) -> Response:
        """`redirect_to api_v1_files_create_success_url(...)`: Rails' 302, its query sorted and
        without what is empty."""
        carried = [(name, req.param(name)) for name in ("on_duplicate", "quota_exemption") if req.param(name)]
        query = urlencode(sorted(carried + [("uuid", stored.uuid)]))
        location = f"{self.base}/api/v1/files/{stored.id}/create_success?{query}"
        return Response(302, b"", "text/html; charset=utf-8", [("Location", location)])

    def local_file_answer(self, name: str, content_type: str, length: int, stream=None,
                          file_path: Optional[str] = None) -> Response:
        """A file's bytes from the Canvas host, as AttachmentHelper#render_or_redirect_to_stored_file
        sends a locally stored file when no files domain is set: Rails' send_file, the whole file
        with `200` whatever `Range` asks (config/environments/production.rb leaves X-Sendfile off,
        so no front-end server takes over), no ETag or Last-Modified, and a day's private caching
        except for text and HTML."""
        headers = [("Content-Disposition", rails_disposition(name)), ("Content-Transfer-Encoding", "binary")]
        if not content_type.startswith("text") and not name.lower().endswith((".html", ".htm")):
            headers += [("Cache-Control", f"private, max-age={DIRECT_CACHE_SECONDS}"),
                        ("Expires", formatdate(time.time() + DIRECT_CACHE_SECONDS, usegmt=True))]
        if file_path is not None:
            return Response(200, content_type=content_type, headers=headers, file_path=file_path)
        return Response(200, content_type=content_type, headers=headers, stream=stream, length=length)
