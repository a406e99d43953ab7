"""The picture library's queued work: making a picture's renditions from its original, outside
the request that uploaded it (`FRONTDESK_QUEUE=db`: in `frontdesk worker`; `immediate`: at once,
in the same request). docs/host.md, "The picture library", says why a task and not sizes made on
a page's first request.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from django.db import transaction
from django.tasks import task

from frontdesk.pictures.files import remove_renditions, store_renditions
from frontdesk.pictures.images import make_renditions
from frontdesk.pictures.models import Picture
from frontdesk.pictures.queries import private_storage


@task()
def make_picture_renditions(key: str, original: str) -> None:
    """Make the renditions of the picture `key` from its original `original` and put them on the
    row, removing the ones they replace. A picture deleted, or given another file, in the meantime
    keeps what it has: the renditions made here are removed again (the newer file has its task)."""
    if not Picture.objects.filter(key=key, file=original).exists():
        return
    with private_storage().open(original, "rb") as handle:
        content = handle.read()
    made = store_renditions(key, PurePosixPath(original).stem, make_renditions(content))
    with transaction.atomic():
        picture = Picture.objects.select_for_update().filter(key=key, file=original).first()
        if picture is None:
            remove_renditions(made)  # on no row: nothing names them
            return
        names = {item["name"] for item in made}
        replaced = [item for item in picture.renditions if item["name"] not in names]
        picture.renditions = made
        picture.save(update_fields=["renditions"])
        transaction.on_commit(lambda: remove_renditions(replaced))
