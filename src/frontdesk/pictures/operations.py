"""The picture library's rules, for every door (panel, API, agent tools): upload, change the name
and alt text, replace the file under the same key, delete a picture nobody uses (one in use is
refused with `core.errors.InUse`, naming each place).

An upload or a replacement judges the file from its header (images.judge), writes the original
to the private storage (STORAGES["private"]: no address, its metadata stays there) and queues the
picture's renditions (tasks.make_picture_renditions); an account may do that `uploads_per_minute`
times a minute. The original is written before the row is saved and removed again when the save
fails; files a change leaves behind (the old original of a replaced picture, every file of a
deleted one) are removed once the change has committed, so a rolled-back change loses nothing.
"""

from __future__ import annotations

import secrets
import string
from collections.abc import Mapping
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
from frontdesk.core.errors import InUse, TooMany
from frontdesk.core.fields import merge_translations
from frontdesk.core.inputs import NOT_GIVEN, refuse_unknown_keys
from frontdesk.core.throttle import Limit
from frontdesk.pictures.conf import picture_settings
from frontdesk.pictures.files import remove_after_commit, remove_files, store_original
from frontdesk.pictures.images import Judged, judge
from frontdesk.pictures.models import Picture
from frontdesk.pictures.queries import picture_named, private_storage, storage
from frontdesk.pictures.tasks import make_picture_renditions
from frontdesk.pictures.uses import named_uses

PERMISSION = "core.pictures.manage"
READ_SCOPE = "pictures:read"  # any signed-in account reads the library; a token needs this
MAX_NAME_LENGTH = 200
MAX_ALT_LENGTH = 500
KEY_ALPHABET = string.ascii_lowercase + string.digits
KEY_SIZE = 12  # 36^12 keys: guessing one is hopeless, and it stays short in rich text


def _require(actor: Actor) -> None:
    if actor is not None and not actor.has_perm(PERMISSION):
        raise PermissionDenied(_("You may not change the picture library."))


def _new_key() -> str:
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


def _count_upload(actor: Actor) -> None:
    """Count an upload of `actor` against `uploads_per_minute`; TooMany (429) past it. Counted
    before the file is judged: judging is the cost the limit bounds."""
    if actor is None or actor.pk is None:
        return  # the site's own code (the demo, a command) is not throttled
    limit = Limit("picture-upload", picture_settings()["uploads_per_minute"], 60)
    subject = str(actor.pk)
    wait = limit.wait(subject)
    if wait:
        raise TooMany(
            ngettext(
                "Too many pictures uploaded in a minute; try again in %(count)d second.",
                "Too many pictures uploaded in a minute; try again in %(count)d seconds.",
                wait,
            )
            % {"count": wait}
        )
    limit.hit(subject)


def _queue_renditions(picture: Picture) -> None:
    # Enqueued in the caller's transaction, not after it: the database queue's row commits with
    # the picture's, and the immediate backend runs at once on the same connection.
    make_picture_renditions.enqueue(key=picture.key, original=picture.file.name or "")


def _apply(picture: Picture, judged: Judged, name: str) -> None:
    """The new original's facts; the renditions stay until the task has made the new ones."""
    picture.file.name = name
    picture.format = judged.format
    picture.width, picture.height = judged.width, judged.height
    picture.bytes = len(judged.content)


def create_picture(*, actor: Actor, values: Mapping[str, Any]) -> Picture:
    """A new picture from the uploaded `values["file"]`, under a new key, with the `name` and `alt`
    given; `name` defaults to the file's name."""
    _require(actor)
    refuse_unknown_keys(values, ["file", "name", "alt"])
    file, name, alt = values["file"], values.get("name", NOT_GIVEN), values.get("alt", NOT_GIVEN)
    clean_name = _name_from_file(file) if name is NOT_GIVEN or name is None else _clean_name(name)
    clean_alt = {} if alt is NOT_GIVEN else _clean_alt({}, alt)
    _count_upload(actor)
    judged = judge(file)
    key = _new_key()
    stored = store_original(key, judged)
    try:
        with transaction.atomic():
            picture = Picture(key=key, name=clean_name, alt=clean_alt)
            _apply(picture, judged, stored)
            picture.save()
            log.write(
                picture,
                "picture.created",
                actor,
                detail={"key": key, "name": clean_name, "width": picture.width, "height": picture.height},
            )
            _queue_renditions(picture)
    except Exception:
        remove_files(private_storage(), [stored])
        raise
    picture.refresh_from_db(fields=["renditions"])  # made already when the queue runs tasks at once
    return picture


@transaction.atomic
def update_picture(picture: Picture, *, actor: Actor, values: Mapping[str, Any]) -> Picture:
    """Change the `name` and the `alt` text given (alt by language: the languages named change,
    the others stay)."""
    _require(actor)
    refuse_unknown_keys(values, ["name", "alt"])
    name, alt = values.get("name", NOT_GIVEN), values.get("alt", NOT_GIVEN)
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


def update_picture_file(picture: Picture, *, actor: Actor, values: Mapping[str, Any]) -> Picture:
    """Put a new file (`values["file"]`) under the picture's key: new renditions, new addresses, every use follows
    (rich text and covers name the key). Pages show the old renditions until the new ones are
    made; the old original goes once the change is committed, the old renditions once the new
    ones are in."""
    _require(actor)
    refuse_unknown_keys(values, ["file"])
    file = values["file"]
    _count_upload(actor)
    judged = judge(file)
    stored = store_original(picture.key, judged)
    try:
        with transaction.atomic():
            picture = picture_named(picture.key, lock=True)
            old_original = picture.file.name or ""
            before = log.values_of(picture, ["format", "width", "height", "bytes"])
            _apply(picture, judged, stored)
            picture.changed_at = timezone.now()
            picture.save()
            log.write(
                picture,
                "picture.replaced",
                actor,
                changes=log.changes_between(before, log.values_of(picture, before)),
            )
            remove_after_commit(old_original)  # a new name always: a storage never writes over a file
            _queue_renditions(picture)
    except Exception:
        remove_files(private_storage(), [stored])
        raise
    picture.refresh_from_db(fields=["renditions"])
    return picture


@transaction.atomic
def purge_picture(picture: Picture, *, actor: Actor) -> None:
    """Delete a picture nobody uses, with its files; one in use is refused with InUse (409, the
    count and each place), and nothing changes."""
    _require(actor)
    picture = picture_named(picture.key, lock=True)
    uses, count = named_uses(actor, picture.key)
    if count:
        raise InUse(
            ngettext(
                "This picture is used in %(count)d place; take it out there first.",
                "This picture is used in %(count)d places; take it out there first.",
                count,
            )
            % {"count": count},
            count=count,
            uses=[f"{kind.label}: {use.label}" for kind, use in uses],
        )
    log.write(picture, "picture.deleted", actor, detail={"key": picture.key, "name": picture.name})
    remove_after_commit(picture.file.name or "", picture.renditions)
    picture.delete()


def remake_picture(picture: Picture) -> bool:
    """Make the picture's renditions again from its original, first moving the original into the
    private storage when it is still in the media storage (where sites before the private storage
    kept it, with an address); False when the original is in neither. For `pictures_remake`."""
    name = picture.file.name or ""
    private, public = private_storage(), storage()
    if not private.exists(name):
        if not name or not public.exists(name):
            return False
        with public.open(name, "rb") as handle:
            moved = private.save(name, ContentFile(handle.read()))
        Picture.objects.filter(pk=picture.pk, file=name).update(file=moved)
        remove_files(public, [name])
        name = moved
    make_picture_renditions.call(key=picture.key, original=name)
    return True
