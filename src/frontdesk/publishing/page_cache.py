"""Public pages kept in Django's cache while nothing they print has changed (docs/host.md,
"Public pages in the cache").

A view wrapped in `cached_page` answers a GET from the cache when it has answered the same
address (host, path and query string, language) since the **public edition** last changed, and
otherwise renders and keeps its answer. The edition is a token in one row (`PublicEdition`),
read from the database with every request: a change committed by any worker, a task or a
command is seen by every worker at its next request, whatever cache backend each one keeps its
pages in (a page kept in one worker's memory is never read past a change).

A saved or deleted row of a watched model, a changed many-to-many set of one, or its rows
reordered in bulk (core/ordering.reordered) gives the edition a new token when its transaction
commits, and at once a new number to the worker that made the change: its other threads keep
nothing they render from then on under the key they read before, and a transaction that never
commits (a test's) still sees its own changes. Each app watches the models whose rows its public
pages print (`watch_models()` in its `ready()`); tests/events/test_site_cache.py reads every
table an events page reads and fails when one of them is not watched.

A page rendered to be kept reads only the database: the menu and the settings groups, whose own
caches may lag a minute behind another worker, are read afresh (core/fresh_reads.py), and a
routed row handed to the view before the edition was read is read again (`rendering_to_keep`).

What no signal reports (`QuerySet.update()`, `bulk_create`, SQL typed in a shell) shows after
`FRONTDESK["site"]["cache_seconds"]` at most (300 by default; 0 keeps no page). A page that
changes with the clock alone (an event that ends) says when with `keep_until()`, and is kept no
longer.

Only an address without a query string, or with nothing but a page number (`?page=2`), is
answered from the cache and kept: any other query string is answered as if there were no cache,
so no visitor can fill it with addresses of their own making. Not kept either: an answer other
than 200, a streamed one, one that sets a cookie, and the answer of a view that read the session
(or the signed-in account, which reads it), asked for a CSRF token or widened the
Content-Security-Policy (core/csp.allow): those depend on the request, not only on the address.
A page is kept for the worker process that rendered it (its key names the process): a restart
with other templates or settings never reads a page an earlier one kept in a shared cache.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import re
import uuid
from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.apps import apps
from django.core.cache import cache
from django.core.signals import setting_changed
from django.db import connections, models, transaction
from django.db.models.signals import m2m_changed, post_delete, post_save
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import get_language

from frontdesk.core.conf import host_settings
from frontdesk.core.csp import REQUEST_ATTRIBUTE as CSP_SOURCES_ATTRIBUTE
from frontdesk.core.fresh_reads import must_read_fresh, reading_fresh
from frontdesk.core.ordering import reordered
from frontdesk.publishing.models import PublicEdition

EDITION_ROW = 1
# The one query string kept: a page number as the lists print it (no sign, no leading zero).
PAGE_QUERY = re.compile(r"page=[1-9][0-9]{0,8}")
KEEP_UNTIL_ATTRIBUTE = "_frontdesk_keep_until"

# This worker process, and its changes counted as they happen (next() on a count is atomic
# under the GIL); a changed setting counts as a change (a test's override_settings).
_process = uuid.uuid4().hex[:12]
_changes_here = itertools.count(1)
_last_change_here = 0

# The models whose saved rows change the edition (`watch_models`), for the guard test.
WATCHED: set[type[models.Model]] = set()


def current_edition() -> str | None:
    """The edition's token; None when its row is missing (then nothing is kept)."""
    return PublicEdition.objects.filter(pk=EDITION_ROW).values_list("token", flat=True).first()


def new_edition() -> None:
    """Give the edition a new token: every page kept so far is left unread."""
    token = uuid.uuid4().hex
    if not PublicEdition.objects.filter(pk=EDITION_ROW).update(token=token):
        PublicEdition.objects.update_or_create(pk=EDITION_ROW, defaults={"token": token})


def _counted_here() -> None:
    global _last_change_here
    _last_change_here = next(_changes_here)


@receiver(setting_changed)
def _setting_changed(**_signal: Any) -> None:
    _counted_here()


def _changed(*, using: str = "default", **_signal: Any) -> None:
    """A watched row changed: a new edition when its transaction commits, once per transaction
    however many rows it writes (a publish saves several; a rebuild of the addresses thousands).
    `run_on_commit` is the connection's list of callbacks still to run, the one Django's
    `captureOnCommitCallbacks` reads; a savepoint rolled back takes its callbacks out of it."""
    _counted_here()
    connection = connections[using]
    if any(entry[1] is new_edition for entry in connection.run_on_commit):  # (savepoints, callback, robust)
        return
    transaction.on_commit(new_edition, using=using, robust=True)


def watch_models(*watched: type[models.Model]) -> None:
    """Change the edition whenever a row of one of `watched` is saved or deleted, one of their
    many-to-many sets changes, or their rows are reordered."""
    for model in watched:
        WATCHED.add(model)
        uid = f"frontdesk.page_cache:{model._meta.label}"
        post_save.connect(_changed, sender=model, dispatch_uid=uid)
        post_delete.connect(_changed, sender=model, dispatch_uid=uid)
        reordered.connect(_changed, sender=model, dispatch_uid=uid)
        for field in model._meta.local_many_to_many:
            through = field.remote_field.through
            if isinstance(through, type):
                m2m_changed.connect(_changed, sender=through, dispatch_uid=f"{uid}:{field.name}")


def watch_app(app_label: str, *, leaving_out: tuple[type[models.Model], ...] = ()) -> None:
    """Watch every model of one app (but `leaving_out`)."""
    watch_models(
        *(model for model in apps.get_app_config(app_label).get_models() if model not in leaving_out)
    )


def rendering_to_keep() -> bool:
    """Whether the page being rendered will be kept. A view that was handed a row read before the
    edition (a routed object: the route's view reads it first) reads it again then, so a change
    committed between the two is in the page kept under the newer edition."""
    return must_read_fresh()


def keep_until(request: HttpRequest, moment: datetime | None) -> None:
    """The page this request renders changes at `moment` with the clock alone: keep it no
    longer (None: no such moment). The earliest moment a view names wins."""
    if moment is None:
        return
    known = getattr(request, KEEP_UNTIL_ATTRIBUTE, None)
    if known is None or moment < known:
        setattr(request, KEEP_UNTIL_ATTRIBUTE, moment)


def _key(request: HttpRequest, edition: str) -> str:
    address = f"{request.get_host()}\n{get_language()}\n{request.get_full_path()}"
    return f"frontdesk:page:{edition}:{_process}:{_last_change_here}:{hashlib.sha256(address.encode()).hexdigest()}"


def cache_seconds() -> int:
    """The longest a page is kept (`FRONTDESK["site"]["cache_seconds"]`); 0: none is."""
    return int(host_settings("site")["cache_seconds"])


def _seconds_to_keep(request: HttpRequest, longest: int) -> int:
    until = getattr(request, KEEP_UNTIL_ATTRIBUTE, None)
    if until is None:
        return longest
    return min(longest, int((until - timezone.now()).total_seconds()))


def _depends_on_request(request: HttpRequest, response: HttpResponse) -> bool:
    session = getattr(request, "session", None)
    return bool(
        response.status_code != 200
        or response.streaming
        or response.cookies
        or (session is not None and session.accessed)
        or request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
        or getattr(request, CSP_SOURCES_ATTRIBUTE, None)
    )


ViewFunction = Callable[..., HttpResponse]


def cached_page(view: ViewFunction) -> ViewFunction:
    """`view`'s answer to a GET, kept in the cache under the public edition (module docstring)."""

    @functools.wraps(view)
    def answer(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        longest = cache_seconds()
        query = request.META.get("QUERY_STRING", "")
        keepable = request.method == "GET" and longest > 0 and (not query or PAGE_QUERY.fullmatch(query))
        edition = current_edition() if keepable else None
        if edition is None:
            return view(request, *args, **kwargs)
        key = _key(request, edition)
        kept = cache.get(key)
        if kept is not None:
            return kept
        with reading_fresh():  # no menu or settings group another worker changed a moment ago
            response = view(request, *args, **kwargs)
        seconds = _seconds_to_keep(request, longest)
        if seconds > 0 and not _depends_on_request(request, response):
            cache.set(key, response, seconds)
        return response

    return answer
