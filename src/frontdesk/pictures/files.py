"""The picture library's files in storage: an original in the private storage, its renditions in
the media storage (pictures/queries.py names both), written and removed. Used by the operations
and by the renditions task (pictures/tasks.py), so neither imports the other's module for them."""

from __future__ import annotations

import contextlib

from django.core.files.base import ContentFile
from django.db import transaction

from frontdesk.pictures.images import Judged, Rendition
from frontdesk.pictures.queries import private_storage, storage

FOLDER = "pictures"


def store_original(key: str, judged: Judged) -> str:
    """Write the original to the private storage; answers its name."""
    return private_storage().save(
        f"{FOLDER}/{key}/{judged.digest}.{judged.extension}", ContentFile(judged.content)
    )


def store_renditions(key: str, digest: str, renditions: list[Rendition]) -> list[dict]:
    """Write renditions to the media storage; answers the renditions' list as the row keeps it."""
    disk = storage()
    written: list[dict] = []
    try:
        for item in renditions:
            name = disk.save(
                f"{FOLDER}/{key}/{digest}-{item.width}w.{item.extension}", ContentFile(item.content)
            )
            written.append({"width": item.width, "height": item.height, "name": name})
    except Exception:
        remove_renditions(written)
        raise
    return written


def remove_files(disk, names: list[str]) -> None:
    for name in filter(None, names):
        # Already gone, or the storage refuses: nothing the caller could do about it.
        with contextlib.suppress(OSError):
            disk.delete(name)


def remove_renditions(renditions: list[dict]) -> None:
    remove_files(storage(), [item["name"] for item in renditions])


def remove_after_commit(original: str, renditions: list[dict] | None = None) -> None:
    """Remove the original and `renditions` once the change has committed."""

    def remove() -> None:
        remove_files(private_storage(), [original])
        remove_renditions(renditions or [])

    transaction.on_commit(remove)
