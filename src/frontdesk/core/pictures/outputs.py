"""A picture as the doors answer it (API, agent tool, panel): one shape, shared."""

from __future__ import annotations

from frontdesk.core.languages import translate
from frontdesk.core.models import Picture
from frontdesk.core.pictures.queries import file_url, largest, srcset_of
from frontdesk.core.pictures.uses import uses_of


def picture_out(picture: Picture, *, with_uses: bool = False) -> dict:
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
        answer["uses"] = [
            {"kind": kind.name, "kind_label": str(kind.label), "label": use.label, "url": use.url}
            for kind, use in uses_of(picture.key)
        ]
    return answer
