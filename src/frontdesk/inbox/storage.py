"""The attachments' storage: files on disk that have no address.

Django's FileSystemStorage falls back to MEDIA_URL when it is given no base URL, so a stray
`attachment.stored_name.url` would print /media/inbox/... . This storage refuses to make one:
the only way to the bytes is the panel's download route, behind inbox.view.
"""

from __future__ import annotations

from django.core.files.storage import FileSystemStorage


class PrivateFileSystemStorage(FileSystemStorage):
    def url(self, name: str | None) -> str:
        raise ValueError("Inbox attachments have no address; the panel's download route serves them.")
