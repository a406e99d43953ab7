"""Where pictures are used: a module that keeps picture keys (a cover, rich text, a block's values)
registers how to find the places that use a key, so the library can say where a picture is used
and refuse to delete it while it is (docs/host.md, "The picture library").

    register_picture_use(PictureUse(
        name="services.cover",
        label=_("Service covers"),
        find=lambda key: [Use(label=str(service), url=edit_url(service))
                          for service in Service.objects.filter(cover=key)],
    ))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.functional import Promise

from frontdesk.core.registry import Registry


@dataclass(frozen=True)
class Use:
    """One place that uses a picture: what it is called, and its panel address (None: no page)."""

    label: str
    url: str | None = None


@dataclass(frozen=True)
class PictureUse:
    name: str
    label: str | Promise  # the kind of place, for people: "Service covers"
    find: Callable[[str], list[Use]]  # the key -> every place of this kind that uses it


PICTURE_USES: Registry[PictureUse] = Registry("picture use")


def register_picture_use(use: PictureUse) -> PictureUse:
    return PICTURE_USES.register(use.name, use)


def uses_of(key: str) -> list[tuple[PictureUse, Use]]:
    """Every place that uses the picture `key`, kind by kind in the order registered."""
    return [(kind, use) for kind in PICTURE_USES.all() for use in kind.find(key)]
