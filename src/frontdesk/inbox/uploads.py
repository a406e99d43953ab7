"""File answers: validation of uploaded files and their storage on the `inbox` disk.

`clean_files(fields, files)` checks the posted files ({machine name: [UploadedFile]}) against the
live `file` fields and returns `CleanFile`s or raises one ValidationError keyed
`fields.<machine name>`. `store_files(submission, clean)` writes them under
`{prefix}/{form}/{submission}/{uuid4 hex}.{ext}` and makes the Attachment rows. The rules and the
choices behind them are in docs/inbox.md, "Uploads".
"""

from __future__ import annotations

import codecs
import hashlib
import re
import unicodedata
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from frontdesk.inbox.answers import CleanAnswer, error_key
from frontdesk.inbox.conf import inbox_settings
from frontdesk.inbox.models.submissions import Attachment, inbox_storage

if TYPE_CHECKING:
    from django.core.files.uploadedfile import UploadedFile

    from frontdesk.inbox.models import Field

MAX_NAME_LENGTH = 255
CHUNK = 64 * 1024
ZIP = (b"PK\x03\x04",)
OLE = (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1",)
TEXT: Final = "text"
WEBP: Final = "webp"  # RIFF....WEBP, checked in _content_matches

# Extension → (accepted leading bytes, or TEXT for UTF-8 text, or WEBP; the content type we store).
SIGNATURES: dict[str, tuple[tuple[bytes, ...] | Literal["text", "webp"], str]] = {
    "pdf": ((b"%PDF-",), "application/pdf"),
    "png": ((b"\x89PNG\r\n\x1a\n",), "image/png"),
    "jpg": ((b"\xff\xd8\xff",), "image/jpeg"),
    "jpeg": ((b"\xff\xd8\xff",), "image/jpeg"),
    "gif": ((b"GIF87a", b"GIF89a"), "image/gif"),
    "webp": (WEBP, "image/webp"),
    "docx": (ZIP, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    "xlsx": (ZIP, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    "odt": (ZIP, "application/vnd.oasis.opendocument.text"),
    "ods": (ZIP, "application/vnd.oasis.opendocument.spreadsheet"),
    "doc": (OLE, "application/msword"),
    "xls": (OLE, "application/vnd.ms-excel"),
    "txt": (TEXT, "text/plain"),
    "csv": (TEXT, "text/csv"),
}


@dataclass(frozen=True)
class CleanFile:
    field: Field
    upload: UploadedFile
    original_name: str
    extension: str
    size: int
    sha256: str
    content_type: str


def upload_limits() -> dict:
    return inbox_settings()["upload"]


def display_name(raw: str | None) -> str:
    """The visitor's file name for display only: no path, no control characters, ≤ 255 chars."""
    name = re.split(r"[\\/]", str(raw or ""))[-1]
    name = "".join(char for char in name if unicodedata.category(char) not in {"Cc", "Cf"}).strip()
    if set(name) <= {"."}:
        name = ""  # "", "." and ".." are no names
    if len(name) > MAX_NAME_LENGTH:
        stem, dot, extension = name.rpartition(".")
        if dot and len(extension) < 16:
            name = stem[: MAX_NAME_LENGTH - len(extension) - 1] + "." + extension
        else:
            name = name[:MAX_NAME_LENGTH]
    return name


def extension_of(name: str) -> str:
    """The last suffix, lower case; "" for none (also for ".pdf", a name that is all suffix)."""
    stem, dot, extension = name.rpartition(".")
    return extension.lower() if dot and stem.strip() and extension else ""


def allowed_extensions(field) -> list[str]:
    site = [item.lower().lstrip(".") for item in upload_limits()["extensions"]]
    own = [str(item).lower().lstrip(".") for item in (field.extensions or [])]
    return [item for item in own if item in site] if own else site


def _read(upload):
    upload.seek(0)
    yield from upload.chunks(CHUNK)
    upload.seek(0)


def _digest_and_head(upload) -> tuple[str, bytes, int]:
    digest = hashlib.sha256()
    head = b""
    size = 0
    for chunk in _read(upload):
        digest.update(chunk)
        size += len(chunk)
        if len(head) < 16:
            head += chunk[: 16 - len(head)]
    return digest.hexdigest(), head, size


def _is_utf8_text(upload) -> bool:
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        for chunk in _read(upload):
            if b"\x00" in chunk:
                return False
            decoder.decode(chunk)
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True


def _content_matches(extension: str, head: bytes, upload) -> bool:
    signature = SIGNATURES.get(extension)
    if signature is None:
        return False  # a whitelisted type we cannot check is refused rather than trusted
    magic = signature[0]
    if magic == TEXT:
        return _is_utf8_text(upload)
    if magic == WEBP:
        return head[:4] == b"RIFF" and head[8:12] == b"WEBP"
    return any(head.startswith(item) for item in magic)


def _clean_upload(field, upload, max_bytes: int) -> tuple[CleanFile | None, list[str]]:
    name = display_name(getattr(upload, "name", ""))
    extension = extension_of(name)
    allowed = allowed_extensions(field)
    label = {"name": name or "?"}
    if not extension or extension not in allowed:
        return None, [
            _("%(name)s: this type of file is not accepted. Accepted: %(types)s.")
            % {**label, "types": ", ".join(allowed)}
        ]
    if upload.size is not None and upload.size > max_bytes:
        return None, [_too_big(label, max_bytes)]
    sha256, head, size = _digest_and_head(upload)
    if size > max_bytes:
        return None, [_too_big(label, max_bytes)]
    if size == 0:
        return None, [_("%(name)s: the file is empty.") % label]
    if not _content_matches(extension, head, upload):
        return None, [
            _("%(name)s: the content of the file does not match its type (.%(extension)s).")
            % {**label, "extension": extension}
        ]
    return CleanFile(field, upload, name, extension, size, sha256, SIGNATURES[extension][1]), []


def _too_big(label: dict, max_bytes: int) -> str:
    megabytes = max_bytes / (1024 * 1024)
    return _("%(name)s: the file is larger than %(size)s MB.") % {**label, "size": f"{megabytes:g}"}


def clean_files(fields, files: dict | None) -> list[CleanFile]:
    """Validate the posted files against the live `file` fields, in field order."""
    files = files or {}
    limits = upload_limits()
    max_files, max_bytes = limits["max_files"], limits["max_bytes"]
    clean: list[CleanFile] = []
    errors: dict[str, list[str]] = {}
    count = 0
    for field in fields:
        if field.type != "file":
            continue
        uploads = [item for item in files.get(field.name) or [] if item is not None]
        problems: list[str] = []
        if field.required and not uploads:
            problems.append(_("This field is required."))
        count += len(uploads)
        if uploads and count > max_files:
            problems.append(_("Send at most %(count)d files in total.") % {"count": max_files})
        else:
            for upload in uploads:
                item, trouble = _clean_upload(field, upload, max_bytes)
                problems.extend(trouble)
                if item is not None:
                    clean.append(item)
        if problems:
            errors[error_key(field)] = problems
    if errors:
        raise ValidationError(errors)
    return clean


def file_answers(clean: list[CleanFile]) -> list[CleanAnswer]:
    """One answer per file field: the original names, comma-joined (payload: the list)."""
    names: dict[int, list[str]] = {}
    fields: dict[int, Field] = {}
    for item in clean:
        names.setdefault(item.field.pk, []).append(item.original_name)
        fields[item.field.pk] = item.field
    return [CleanAnswer(fields[pk], ", ".join(listed), listed) for pk, listed in names.items()]


def files_fingerprint(clean: Sequence[CleanFile]) -> list[tuple[str, str, int, str]]:
    """What the duplicate hash sees of the files: field, name, size, sha256."""
    return sorted((item.field.name, item.original_name, item.size, item.sha256) for item in clean)


def storage_path(submission, extension: str) -> str:
    prefix = inbox_settings()["prefix"].strip("/")
    return f"{prefix}/{submission.form_id}/{submission.pk}/{uuid.uuid4().hex}.{extension}"


def store_files(submission, clean: list[CleanFile], written: list[str] | None = None) -> list[str]:
    """Save the files on the inbox storage and make their Attachment rows.

    Every name written is appended to `written` as soon as it exists, so the caller can delete
    the files when its transaction fails (see `accept_submission`).
    """
    storage = inbox_storage()
    written = [] if written is None else written
    for item in clean:
        item.upload.seek(0)
        name = storage.save(storage_path(submission, item.extension), item.upload)
        written.append(name)
        attachment = Attachment(
            submission=submission,
            answer_name=item.field.name,
            original_name=item.original_name,
            size=item.size,
            content_type=item.content_type,
        )
        attachment.stored_name.name = name
        attachment.save()
    return written


def remove_files(names: list[str]) -> None:
    storage = inbox_storage()
    for name in names:
        storage.delete(name)
