"""The host's private storage class: files on disk that have no address and leave no empty
folders. Two storages use it: STORAGES["inbox"] (the inbox's attachments) and STORAGES["private"]
(the picture library's originals); both live outside MEDIA_ROOT.

Django's FileSystemStorage falls back to MEDIA_URL when it is given no base URL, so a stray
`attachment.stored_name.url` would print /media/inbox/... . This storage refuses to make one:
the only way to the bytes is code that opens them (the inbox's download route, behind
inbox.view; the picture library's renditions, made from the original).

Deleting a file removes the folders it leaves empty, up to the storage's root (never the root
itself), so deleted and pruned records leave nothing behind on disk.
"""

from __future__ import annotations

import os

from django.core.files.storage import FileSystemStorage, storages

# A folder emptied by a delete can vanish between a save's makedirs and its write; that save then
# creates it again. Bounded so that a folder that really cannot be made still raises.
SAVE_TRIES = 3


class PrivateFileSystemStorage(FileSystemStorage):
    def url(self, name: str | None) -> str:
        raise ValueError(f"{name!r} is a private file: it has no address.")

    def delete(self, name: str) -> None:
        super().delete(name)
        self._remove_empty_folders(os.path.dirname(self.path(name)))

    def _remove_empty_folders(self, folder: str) -> None:
        """Remove `folder` and its parents while they are empty, stopping below the root."""
        root = os.path.abspath(self.location)
        folder = os.path.abspath(folder)
        while folder != root and folder.startswith(root + os.sep):
            try:
                os.rmdir(folder)
            except FileNotFoundError:
                pass  # removed by a delete running at the same time; its parents may be empty
            except OSError:
                return  # not empty (or not ours to remove): the folders above hold it too
            folder = os.path.dirname(folder)

    def _save(self, name: str, content) -> str:
        tries = SAVE_TRIES
        while True:
            try:
                return super()._save(name, content)  # type: ignore[misc]  # Django's, not in the stubs
            except FileNotFoundError:
                tries -= 1
                if not tries or os.path.isdir(os.path.dirname(self.path(name))):
                    raise
                content.seek(0)


def private_storage():
    """STORAGES["private"]: the picture library's originals (a FileField's `storage` callable too)."""
    return storages["private"]


def lies_inside_media_root(alias: str) -> bool:
    """Whether the file system storage `alias` of STORAGES keeps its files inside MEDIA_ROOT,
    which the site serves: a private storage there would give its files a public address."""
    from django.conf import settings

    options = settings.STORAGES.get(alias, {}).get("OPTIONS", {})
    location = str(options.get("location", ""))
    media = str(settings.MEDIA_ROOT)
    return bool(location and media) and (location == media or location.startswith(media.rstrip("/") + "/"))
