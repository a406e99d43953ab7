"""A record named as people and agents name it: by id, or by its address (a slug, an anchor, a
public path). The one rule every module's `queries.find_<noun>(key)` uses:

    def find_service(key: object) -> Service:
        return find(Service.objects.all(), key, address=service_at, what=_("There is no service %(key)s."))

An int, or a string of digits, names the id (1 to MAX_ID; a bool is no id). Anything else is an
address: with `address` the name of a field, the row whose field holds it; with a function, the
row whose id it answers (None when no row is there); without `address`, nothing. A key that finds
nothing among `rows` raises the host's `NotFound` (a 404 at every door), never `Http404`: the
views turn it into the 404 page (core/middleware.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import Model, QuerySet
from django.utils.functional import Promise
from django.utils.translation import gettext as _

from frontdesk.core.errors import NotFound
from frontdesk.core.limits import MAX_ID

# Longer keys are cut in the refusal, so an agent's paste does not come back whole.
SHOWN_KEY_LENGTH = 200


def as_id(key: object) -> int | None:
    """`key` as a row id: an int, or ASCII digits, from 1 to MAX_ID; None when it is none."""
    if isinstance(key, bool):
        return None
    if isinstance(key, int):
        return key if 1 <= key <= MAX_ID else None
    text = str(key).strip()
    if text.isascii() and text.isdigit() and len(text) <= 19:
        number = int(text)
        return number if 1 <= number <= MAX_ID else None
    return None


def find[M: Model](
    rows: QuerySet[M],
    key: object,
    *,
    address: str | Callable[[str], Any] | None = None,
    what: str | Promise = "",
) -> M:
    """The row of `rows` that `key` names (module docstring), or NotFound with `what`: a sentence
    that may name the key as %(key)s ("There is no service %(key)s.")."""
    found: M | None = None
    pk = as_id(key)
    if pk is not None:
        found = rows.filter(pk=pk).first()
    elif isinstance(key, str) and key.strip() and address is not None:
        text = key.strip()
        if callable(address):
            pk = as_id(address(text))
            found = rows.filter(pk=pk).first() if pk is not None else None
        else:
            found = rows.filter(**{address: text}).first()
    if found is None:
        shown = str(key).strip()[:SHOWN_KEY_LENGTH]
        sentence = str(what) if what else _("There is no such record.")
        raise NotFound(sentence % {"key": shown} if "%(key)s" in sentence else sentence)
    return found
