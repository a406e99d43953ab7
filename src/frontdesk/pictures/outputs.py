"""A picture as the doors answer it (API, agent tool, panel): one shape, shared."""

from __future__ import annotations

from typing import Any

from frontdesk.core.languages import translate
from frontdesk.core.outputs import changed_out
from frontdesk.pictures.models import Picture
from frontdesk.pictures.operations import READ_SCOPE
from frontdesk.pictures.queries import file_url, largest, srcset_of
from frontdesk.pictures.uses import named_uses


def picture_out(picture: Picture, *, with_uses: bool = False, actor: Any = None) -> dict:
    """A picture; `with_uses` adds where it is used: each place `actor` may open (None: the
    system, every place) in `uses`, and how many places use it in all in `use_count`."""
    src = largest(picture)
    answer = {
        "key": picture.key,
        "name": picture.name,
        "alt": picture.alt or {},
        "alt_text": translate(picture.alt),
        "width": picture.width,
        "height": picture.height,
        "format": picture.format,
        "bytes": picture.bytes,
        "url": file_url(src["name"]) if src else "",
        "srcset": srcset_of(picture),
        "renditions": [
            {"width": item["width"], "height": item["height"], "url": file_url(item["name"])}
            for item in picture.renditions
        ],
        "created_at": picture.created_at,
        "changed_at": picture.changed_at,
    }
    if with_uses:
        named, count = named_uses(actor, picture.key)
        answer["uses"] = [
            {"kind": kind.name, "kind_label": str(kind.label), "label": use.label, "url": use.url}
            for kind, use in named
        ]
        answer["use_count"] = count
    return answer


def picture_changed(actor: Any, picture: Picture) -> dict:
    """A change's answer: the picture with the uses `actor` may open, or only its key to a token
    without pictures:read (any signed-in account reads the library)."""
    return changed_out(
        actor,
        None,
        picture,
        lambda row: picture_out(row, with_uses=True, actor=actor),
        scope=READ_SCOPE,
        key="key",
    )
