"""One shape per resource, used by the API, the agent tools and the panel: a page's row in a list
and the page as the editor reads it; what a change answers (the whole page only to a caller who
may read pages, core/outputs.changed_out); the words of its own History line. The History, the
versions and the preview link are publishing's (publishing/outputs.py)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from frontdesk.core.acting import Actor
from frontdesk.core.api.auth import may_read
from frontdesk.core.languages import translate
from frontdesk.core.outputs import changed_out
from frontdesk.pages.models import Page
from frontdesk.pages.panel.screens import PAGE_EDITOR
from frontdesk.pages.permissions import VIEW
from frontdesk.publishing.outputs import history_lines
from frontdesk.publishing.project_fields.values import listed_extra
from frontdesk.publishing.seo_card import read_card
from frontdesk.routes.serving import addresses_of


def page_row(page: Page, address: str | None) -> dict[str, Any]:
    """A page in a list: its published title (the draft's while never published), state, address
    in the default language, flags, when it changed and, in the bin, since when."""
    return {
        "id": page.pk,
        "title": page.title,
        "title_text": translate(page.title),
        "state": page.state,
        "address": address,
        "is_home": page.is_home,
        "in_menu": page.in_menu,
        "updated_at": page.updated_at,
        "deleted_at": page.deleted_at,
    }


def page_out(page: Page) -> dict[str, Any]:
    """The page as the editor reads it: the values being edited (the published ones with the
    pending edits over them), the names pending, the revision a save must carry, its addresses
    now (what the site answers at) and where it stands."""
    values = page.draft_values()
    return {
        "id": page.pk,
        "state": page.state,
        "revision": page.revision,
        "pending": sorted(page.draft or {}),
        "title": values.get("title") or {},
        "slug": values.get("slug") or {},
        "content": values.get("content") or {},
        "extra": listed_extra(PAGE_EDITOR.id, values.get("extra")),
        "seo": read_card(values.get("seo")),
        "is_home": page.is_home,
        "in_menu": page.in_menu,
        "addresses": addresses_of(page),
        "created_at": page.created_at,
        "updated_at": page.updated_at,
        "deleted_at": page.deleted_at,
    }


def page_changed(actor: Actor, page: Page) -> dict[str, Any]:
    """A change's answer: the page as the editor reads it, or only its id to a caller without
    pages.view (or a token without pages:read)."""
    return changed_out(actor, VIEW, page, page_out)


def blocks_changed(actor: Actor, page: Page, language: str, blocks: list[dict[str, Any]]) -> dict[str, Any]:
    """The answer of an edit of one language's blocks: the draft's blocks, with the page's state
    and revision, only to a caller who may read pages; anyone else learns which page and language."""
    if not may_read(actor, VIEW):
        return {"page": page.pk, "language": language}
    return {
        "page": page.pk,
        "language": language,
        "state": page.state,
        "revision": page.revision,
        "blocks": blocks,
    }


def log_lines(page: Page) -> list[dict[str, Any]]:
    """The page's History lines, newest first (publishing/outputs.history_lines), with the words
    of the one line only pages write."""
    return history_lines(page, {"placed": _("Home page or menu changed")})
