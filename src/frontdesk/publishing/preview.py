"""Draft previews: a signed, time-limited link that shows the draft of a registered object in the
site's layout to a signed-in account with its type's permission, marked as a preview and kept
out of search engines (docs/host.md, "Draft preview").

A module registers each kind of object it previews in `AppConfig.ready()`:

    register_preview_type(PreviewType(name="page", model="pages.Page", permission="pages.view",
                                      render=page_preview))

and its editor opens `preview_link("page", page)`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import timedelta
from functools import cached_property

from django.apps import apps
from django.contrib.auth.views import redirect_to_login
from django.core import signing
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Model
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import translation
from django.utils.cache import add_never_cache_headers
from django.views.decorators.http import require_safe

from frontdesk.core.errors import NotFound
from frontdesk.core.registry import Registry
from frontdesk.publishing.head import head_of, render_page
from frontdesk.publishing.models import Versioned

SALT = "frontdesk.publishing.preview"
DEFAULT_LIFETIME = timedelta(hours=1)
LONGEST_LIFETIME = timedelta(days=7)


@dataclass(frozen=True)
class PreviewType:
    """One kind of previewable object: rows of `model` ("app_label.Model" or the class),
    shown to accounts with `permission` by `render(request, obj)`, which answers the object's
    public page (through `render_page`, so the layout prints the banner) from `obj` as given:
    a `Versioned` row arrives with its draft in its fields."""

    name: str
    model: str | type[Model]
    permission: str
    render: Callable[[HttpRequest, Model], HttpResponse]

    @cached_property
    def model_class(self) -> type[Model]:
        return apps.get_model(self.model) if isinstance(self.model, str) else self.model


PREVIEWS: Registry[PreviewType] = Registry("preview type")


def register_preview_type(preview_type: PreviewType) -> PreviewType:
    return PREVIEWS.register(preview_type.name, preview_type)


def preview_link(
    name: str, obj: Model, *, lifetime: timedelta = DEFAULT_LIFETIME, language: str | None = None
) -> str:
    """The address (a path of the site) of `obj`'s preview, valid for `lifetime` (one hour by
    default, at most seven days), in `language` (default: the active one). Anyone signed in
    with the type's permission may open it; a link is not tied to the account it was made for."""
    preview_type = PREVIEWS[name]
    if not isinstance(obj, preview_type.model_class) or obj.pk is None:
        raise TypeError(f"The preview type {name!r} shows saved {preview_type.model_class.__name__} rows.")
    if not timedelta(0) < lifetime <= LONGEST_LIFETIME:
        raise ValueError(f"A preview link lives more than no time and at most {LONGEST_LIFETIME}.")
    ends = int(time.time() + lifetime.total_seconds())
    token = signing.dumps({"type": name, "id": obj.pk, "ends": ends}, salt=SALT, compress=True)
    with translation.override(language) if language else nullcontext():
        return reverse("preview", kwargs={"token": token})


class Expired(Exception):
    """A genuine link whose time is over."""


def read_token(token: str) -> tuple[PreviewType, object]:
    """(type, object id) of a link made by `preview_link`. NotFound for a token this site did not
    sign (tampered, cut short, made with another key or salt) or whose type is no longer
    registered; Expired once its time is over."""
    try:
        found = signing.loads(token, salt=SALT)
    except (signing.BadSignature, ValueError):  # ValueError: a token that is not even base64
        raise NotFound() from None
    if not isinstance(found, dict) or not isinstance(found.get("ends"), int):
        raise NotFound()
    preview_type = PREVIEWS.get(str(found.get("type")))
    if preview_type is None:
        raise NotFound()
    if found["ends"] < time.time():
        raise Expired()
    return preview_type, found.get("id")


@require_safe
def preview_page(request: HttpRequest, token: str) -> HttpResponse:
    """/preview/<token>/ (with the page's language prefix). Signed out: the login page, back here
    after. A bad token: 404; an expired one: 410. Without the type's permission: 403."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    head = head_of(request)
    head.set_noindex()
    try:
        preview_type, pk = read_token(token)
    except Expired:
        response = render_page(request, "site/preview_expired.html", status=410)
    else:
        if not request.user.has_perm(preview_type.permission):
            raise PermissionDenied
        obj = _draft(preview_type, pk)
        head.preview = True
        response = preview_type.render(request, obj)
    response["X-Robots-Tag"] = "noindex"
    add_never_cache_headers(response)  # a draft is for this account's eyes: no shared cache keeps it
    return response


def _draft(preview_type: PreviewType, pk: object) -> Model:
    """The object with its draft in its fields (a Versioned row's pending edits, unsaved); a row
    gone, or in the bin (the default manager leaves it out), is NotFound."""
    try:
        obj = preview_type.model_class._default_manager.filter(pk=pk).first()
    except (TypeError, ValueError, ValidationError):  # an id of the wrong kind for the model
        obj = None
    if obj is None:
        raise NotFound()
    if isinstance(obj, Versioned):
        obj.apply_values(obj.draft_values())
    return obj
