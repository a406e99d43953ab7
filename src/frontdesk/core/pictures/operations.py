"""The picture library's rules, for every door (panel, API, agent tools): upload, change the name
and alt text, replace the file under the same key, delete a picture nobody uses (one in use is
refused with `core.errors.InUse`, naming each place).

Files are written to the media storage before the row is saved, and removed again when the
save fails; files a change leaves behind (the old file and renditions of a replaced or deleted
picture) are removed once the change has committed, so a rolled-back change loses nothing.
"""

from __future__ import annotations

import contextlib
import secrets
import string
from pathlib import PurePosixPath
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from frontdesk.core import log
from frontdesk.core.acting import Actor
from frontdesk.core.errors import InUse
from frontdesk.core.fields import merge_translations
from frontdesk.core.inputs import NOT_GIVEN
from frontdesk.core.models import Picture
from frontdesk.core.pictures.images import Judged, judge
from frontdesk.core.pictures.queries import picture_named, storage
from frontdesk.core.pictures.uses import uses_of

PERMISSION = "core.pictures.manage"
MAX_NAME_LENGTH = 200
MAX_ALT_LENGTH = 500
KEY_ALPHABET = string.ascii_lowercase + string.digits
KEY_SIZE = 12  # 36^12 keys: guessing one is hopeless, and it stays short in rich text
FOLDER = "pictures"


def require(actor: Actor) -> None:
    if actor is not None and not actor.has_perm(PERMISSION):
        raise PermissionDenied(_("You may not change the picture library."))


def new_key() -> str:
    while True:
        key = "".join(secrets.choice(KEY_ALPHABET) for _ in range(KEY_SIZE))
        if not Picture.objects.filter(key=key).exists():
            return key


def _clean_name(name: Any) -> str:
    text = " ".join(str(name or "").split())
    if len(text) > MAX_NAME_LENGTH:
        raise ValidationError({"name": [_("Use at most %(count)d characters.") % {"count": MAX_NAME_LENGTH}]})
    return text


def _clean_alt(stored: dict | None, sent: Any) -> dict[str, str]:
    try:
        alt = merge_translations(stored, sent)
    except ValidationError as error:
        raise ValidationError({"alt": error.messages}) from None
    if any(len(text) > MAX_ALT_LENGTH for text in alt.values()):
        raise ValidationError({"alt": [_("Use at most %(count)d characters.") % {"count": MAX_ALT_LENGTH}]})
    return alt


def _name_from_file(upload: Any) -> str:
    stem = PurePosixPath(str(getattr(upload, "name", "") or "").replace("\\", "/")).stem
    return " ".join(stem.replace("_", " ").split())[:MAX_NAME_LENGTH]


def _store(key: str, judged: Judged) -> tuple[str, list[dict]]:
    """Write the file and its renditions; answers the file's name and the renditions' list."""
    disk = storage()
    written: list[str] = []
    try:
        original = disk.save(
            f"{FOLDER}/{key}/{judged.digest}.{judged.extension}", ContentFile(judged.content)
        )
        written.append(original)
        renditions = []
        for item in judged.renditions:
            name = disk.save(
                f"{FOLDER}/{key}/{judged.digest}-{item.width}w.{item.extension}", ContentFile(item.content)
            )
            written.append(name)
            renditions.append({"width": item.width, "height": item.height, "name": name})
    except Exception:
        _remove(written)
        raise
    return original, renditions


def _remove(names: list[str]) -> None:
    disk = storage()
    for name in names:
        # Already gone, or the storage refuses: nothing the caller could do about it.
        with contextlib.suppress(OSError):
            disk.delete(name)


def _remove_after_commit(names: list[str]) -> None:
    transaction.on_commit(lambda: _remove(names))


def _apply(picture: Picture, judged: Judged, name: str, renditions: list[dict]) -> None:
    picture.file.name = name
    picture.format = judged.format
    picture.width, picture.height = judged.width, judged.height
    picture.bytes = len(judged.content)
    picture.renditions = renditions


def upload_picture(file: Any, *, actor: Actor, name: Any = NOT_GIVEN, alt: Any = NOT_GIVEN) -> Picture:
    """A new picture from the uploaded `file`, under a new key; `name` defaults to the file's name."""
    require(actor)
    clean_name = _name_from_file(file) if name is NOT_GIVEN or name is None else _clean_name(name)
    clean_alt = {} if alt is NOT_GIVEN else _clean_alt({}, alt)
    judged = judge(file)
    key = new_key()
    stored, renditions = _store(key, judged)
    try:
        with transaction.atomic():
            picture = Picture(key=key, name=clean_name, alt=clean_alt)
            _apply(picture, judged, stored, renditions)
            picture.save()
            log.write(
                picture,
                "picture.created",
                actor,
                detail={"key": key, "name": clean_name, "width": picture.width, "height": picture.height},
            )
    except Exception:
        _remove([stored, *(item["name"] for item in renditions)])
        raise
    return picture


@transaction.atomic
def update_picture(picture: Picture, *, actor: Actor, name: Any = NOT_GIVEN, alt: Any = NOT_GIVEN) -> Picture:
    """Change the name and the alt text (by language: the languages named change, the others stay)."""
    require(actor)
    picture = picture_named(picture.key, lock=True)
    before = log.values_of(picture, ["name", "alt"])
    if name is not NOT_GIVEN:
        picture.name = _clean_name(name)
    if alt is not NOT_GIVEN:
        picture.alt = _clean_alt(picture.alt, alt)
    if log.changes_between(before, log.values_of(picture, before)):
        picture.changed_at = timezone.now()
        picture.save(update_fields=["name", "alt", "changed_at"])
        log.write_changes(picture, "picture.changed", actor, before)
    return picture


def replace_picture_file(picture: Picture, file: Any, *, actor: Actor) -> Picture:
    """Put a new file under the picture's key: new renditions, new addresses, every use follows
    (rich text and covers name the key); the old files go once the change is committed."""
    require(actor)
    judged = judge(file)
    stored, renditions = _store(picture.key, judged)
    try:
        with transaction.atomic():
            picture = picture_named(picture.key, lock=True)
            old_files = picture.file_names()
            before = log.values_of(picture, ["format", "width", "height", "bytes"])
            _apply(picture, judged, stored, renditions)
            picture.changed_at = timezone.now()
            picture.save()
            log.write(
                picture,
                "picture.replaced",
                actor,
                changes=log.changes_between(before, log.values_of(picture, before)),
            )
            _remove_after_commit([old for old in old_files if old not in picture.file_names()])
    except Exception:
        _remove([stored, *(item["name"] for item in renditions)])
        raise
    return picture


@transaction.atomic
def delete_picture(picture: Picture, *, actor: Actor) -> None:
    """Delete a picture nobody uses, with its files; one in use is refused with InUse (409, the
    count and each place), and nothing changes."""
    require(actor)
    picture = picture_named(picture.key, lock=True)
    uses = uses_of(picture.key)
    if uses:
        raise InUse(
            ngettext(
                "This picture is used in %(count)d place; take it out there first.",
                "This picture is used in %(count)d places; take it out there first.",
                len(uses),
            )
            % {"count": len(uses)},
            count=len(uses),
            uses=[f"{kind.label}: {use.label}" for kind, use in uses],
        )
    files = picture.file_names()
    log.write(picture, "picture.deleted", actor, detail={"key": picture.key, "name": picture.name})
    picture.delete()
    _remove_after_commit(files)
