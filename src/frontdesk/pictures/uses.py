"""Where pictures are used: a module that keeps picture keys (a cover, rich text, a block's values)
registers how to find the places that use a key, so the library can say where a picture is used
and refuse to delete it while it is (docs/host.md, "The picture library").

    register_picture_use(PictureUse(
        name="services.cover",
        label=_("Service covers"),
        find=lambda key: [Use(label=str(service), url=edit_url(service))
                          for service in Service.objects.filter(cover=key)],
        permission="services.view",
    ))

A place is named (its label and address) only to a caller who may open it: the kind's
`permission` (or a `Use`'s own, where one kind spans several permissions, as the categories of
each type do), checked by the host's reading rule (core/api/auth.may_read: a token also needs
`<app>:read`). Anyone else learns only how many places use the picture (`named_uses`). A kind
that names no permission is named to superusers only, so a registration that forgets it never
tells a draft's title to an account that may not read it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise

from frontdesk.core.api.auth import may_read
from frontdesk.core.registry import Registry


@dataclass(frozen=True)
class Use:
    """One place that uses a picture: what it is called, and its panel address (None: no page)."""

    label: str
    url: str | None = None
    permission: str | None = None  # who may open it, when not the kind's (a category's type)


@dataclass(frozen=True)
class PictureUse:
    name: str
    label: str | Promise  # the kind of place, for people: "Service covers"
    find: Callable[[str], list[Use]]  # the key -> every place of this kind that uses it
    # The permission that opens such a place (its module's reading permission); None: the uses
    # are named to superusers only. `scope`: a token's, when not `<app>:read` of the permission.
    permission: str | None = None
    scope: str | None = None


PICTURE_USES: Registry[PictureUse] = Registry("picture use")


def register_picture_use(use: PictureUse) -> PictureUse:
    return PICTURE_USES.register(use.name, use)


def uses_in(
    rows,
    label: Callable[[Any], str],
    url: Callable[[Any], str | None] | None = None,
    permission: Callable[[Any], str] | None = None,
) -> list[Use]:
    """The places `rows` are, one `Use` a row: its name for people, its panel address and, where
    it depends on the row, who may open it. The finders the host's registration helpers make
    (rich text, the SEO card) end with it."""
    return [
        Use(
            label=label(row),
            url=url(row) if url else None,
            permission=permission(row) if permission else None,
        )
        for row in rows
    ]


def uses_of(key: str) -> list[tuple[PictureUse, Use]]:
    """Every place that uses the picture `key`, kind by kind in the order registered."""
    return [(kind, use) for kind in PICTURE_USES.all() for use in kind.find(key)]


def may_open(actor, kind: PictureUse, use: Use) -> bool:
    """Whether `actor` (and the token it acts with) may learn where `use` is: the system may."""
    permission = use.permission or kind.permission
    if permission is None:
        return actor is None or bool(getattr(actor, "is_superuser", False))
    return may_read(actor, permission, scope=None if use.permission else kind.scope)


def named_uses(actor, key: str) -> tuple[list[tuple[PictureUse, Use]], int]:
    """The places using the picture `key` that `actor` may open, and how many places use it in
    all (the ones it may not open are counted, never named)."""
    uses = uses_of(key)
    return [(kind, use) for kind, use in uses if may_open(actor, kind, use)], len(uses)
