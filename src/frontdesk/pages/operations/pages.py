"""Creating and saving pages, and moving them through their states: the rules every door (panel,
API, agent tools) calls. Drafting, publishing and versions are the host's (publishing/versions.py);
this module adds the page's own values (block content per language, project fields), its
addresses (routes) and where it stands on the site (home page, menu)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from frontdesk.blocks.content import clean_content
from frontdesk.core import log
from frontdesk.core.acting import Actor
from frontdesk.core.bin import operations as bin_operations
from frontdesk.core.fields import merge_translations
from frontdesk.core.inputs import NOT_GIVEN, refuse_unknown_keys
from frontdesk.core.languages import site_language_codes
from frontdesk.pages.models import Page
from frontdesk.pages.operations._common import require
from frontdesk.pages.panel.screens import PAGE_EDITOR
from frontdesk.pages.queries import ROUTE_TYPE
from frontdesk.publishing import versions
from frontdesk.publishing.editing import follow_address, locked, publish_at_addresses
from frontdesk.publishing.project_fields.values import clean_extra
from frontdesk.publishing.seo_card import clean_seo_card
from frontdesk.routes.claims import claim_routes

VERSIONED = ("title", "slug", "content", "extra", "seo")
PLACEMENT = ("is_home", "in_menu")
KNOWN = {*VERSIONED, *PLACEMENT}


def merged_content(stored: object, sent: object) -> dict[str, list[dict]]:
    """The content a save of `sent` leaves: {language: blocks} names the languages that change,
    each list cleaned against the stored one (frontdesk.blocks.content.clean_content: ids kept,
    values judged by their type); null for a language removes its list; the others stay."""
    current = dict(stored) if isinstance(stored, dict) else {}
    if not isinstance(sent, dict):
        raise ValidationError({"content": [_("Give the content as an object of block lists by language.")]})
    unknown = sorted(str(code) for code in set(sent) - set(site_language_codes()))
    if unknown:
        raise ValidationError(
            {"content": [_("Unknown language: %(codes)s.") % {"codes": ", ".join(unknown)}]}
        )
    errors: dict[str, list[str]] = {}
    for language, blocks in sent.items():
        if blocks is None:
            current.pop(language, None)
            continue
        try:
            current[language] = clean_content(blocks, stored=current.get(language), language=language)
        except ValidationError as error:
            # content.0.text -> content.de.0.text: the language tells which list.
            for key, texts in error.message_dict.items():
                errors["content." + language + key.removeprefix("content")] = texts
    if errors:
        raise ValidationError(errors)
    return {code: current[code] for code in site_language_codes() if code in current}


def _versioned_values(page: Page, values: dict[str, Any]) -> dict[str, Any]:
    """The versioned values of a save as publishing/versions takes them: title and slug as sent (merged
    by language there), content, project fields and the SEO card merged here (the versions helper
    replaces a value that is not translated whole)."""
    draft = page.draft_values()
    given = {name: values[name] for name in VERSIONED if name in values and values[name] is not NOT_GIVEN}
    if "content" in given:
        given["content"] = merged_content(draft.get("content"), given["content"])
    if "extra" in given:
        given["extra"] = clean_extra(PAGE_EDITOR.id, draft.get("extra") or {}, given["extra"] or {})
    if "seo" in given:
        given["seo"] = clean_seo_card(given["seo"], stored=draft.get("seo"))
    return given


def _place(page: Page, actor: Actor, values: dict[str, Any]) -> None:
    """Where the page stands on the site: not drafted, it changes with the save. At most one home
    page: marking one takes the flag from the other. A page put in the menu goes to its end."""
    wanted = {name: bool(values[name]) for name in PLACEMENT if values.get(name, NOT_GIVEN) is not NOT_GIVEN}
    before = log.values_of(page, ["is_home", "in_menu"])
    if wanted.get("is_home") and not page.is_home:
        for other in Page.all_objects.select_for_update().filter(is_home=True).exclude(pk=page.pk):
            other.is_home = False
            other.save(update_fields=["is_home"])
            log.write(other, "page.placed", actor, changes={"is_home": [True, False]})
    if wanted.get("in_menu") and not page.in_menu:
        last = Page.objects.filter(in_menu=True).aggregate(last=Max("menu_position"))["last"]
        page.menu_position = (last or 0) + 1
    for name, value in wanted.items():
        setattr(page, name, value)
    if wanted:
        page.save(update_fields=["is_home", "in_menu", "menu_position"])
        log.write_changes(page, "page.placed", actor, before)


@transaction.atomic
def create_page(*, actor: Actor, values: dict[str, Any]) -> Page:
    """A new draft page from `values` (title and slug required; content, extra, seo, is_home,
    in_menu optional); its addresses are claimed at once, so nobody takes them meanwhile."""
    require(actor)
    refuse_unknown_keys(values, KNOWN, location="__all__")
    errors: dict[str, list[str]] = {}
    page = Page()
    for name in ("title", "slug"):
        try:
            setattr(page, name, merge_translations({}, values.get(name) or {}, required=True))
        except ValidationError as error:
            errors[name] = error.messages
    try:
        page.content = merged_content({}, values.get("content") or {})
    except ValidationError as error:
        errors.update(error.message_dict)
    try:
        page.extra = clean_extra(PAGE_EDITOR.id, {}, values.get("extra") or {})
    except ValidationError as error:
        errors.update(error.message_dict)
    try:
        page.seo = clean_seo_card(values.get("seo"), stored=None)
    except ValidationError as error:
        errors.update(error.message_dict)
    if errors:
        raise ValidationError(errors)
    page.full_clean()
    page.save()
    claim_routes(page, ROUTE_TYPE)
    log.write(page, "page.created", actor, detail={"title": page.title, "slug": page.slug})
    _place(page, actor, values)
    return page


@transaction.atomic
def update_page(page: Page, *, actor: Actor, values: dict[str, Any], revision: int) -> Page:
    """Save `values` into the page's draft (only the names given change; a translated value and
    the content by language) if `revision` is still the page's; the home and menu flags change at
    once. A published page keeps showing its published values until Publish."""
    require(actor)
    refuse_unknown_keys(values, KNOWN, location="__all__")
    current = locked(page, revision)
    saved = versions.save_draft(actor, current, values=_versioned_values(current, values), revision=revision)
    follow_address(saved, ROUTE_TYPE)
    _place(saved, actor, values)
    return saved


@transaction.atomic
def publish_page(page: Page, *, actor: Actor, revision: int | None = None) -> Page:
    """The draft goes onto the site (a version is kept); the page takes its new addresses, its
    old ones answering 301."""
    require(actor)
    return publish_at_addresses(actor, page, ROUTE_TYPE, revision=revision)


@transaction.atomic
def unpublish_page(page: Page, *, actor: Actor, revision: int | None = None) -> Page:
    """Off the site (its address answers 404); values and pending edits stay."""
    require(actor)
    return versions.unpublish(actor, locked(page, revision), revision=revision)


@transaction.atomic
def discard_draft(page: Page, *, actor: Actor, revision: int | None = None) -> Page:
    """Throw the pending edits away; the page keeps what the site shows."""
    require(actor)
    discarded = versions.discard(actor, locked(page, revision), revision=revision)
    follow_address(discarded, ROUTE_TYPE)  # the addresses held for the draft's slug are let go
    return discarded


@transaction.atomic
def restore_page_version(page: Page, *, actor: Actor, number: int, revision: int | None = None) -> Page:
    """Version `number`'s values become the draft (pending until Publish on a published page)."""
    require(actor)
    restored = versions.restore_version(actor, locked(page, revision), number, revision=revision)
    follow_address(restored, ROUTE_TYPE)
    return restored


@transaction.atomic
def bin_page(page: Page, *, actor: Actor) -> Page:
    """Into the bin: off the site and out of the menu's list, its addresses free for others. A
    home page gives up the flag (a restored page does not take it back from another)."""
    require(actor)
    current = locked(page)
    binned = bin_operations.put_in_bin(actor, current)
    if binned.is_home:
        Page.all_objects.filter(pk=binned.pk).update(is_home=False)
        log.write(binned, "page.placed", actor, changes={"is_home": [True, False]})
        binned.is_home = False
    return binned


@transaction.atomic
def restore_page(page: Page, *, actor: Actor) -> Page:
    """Out of the bin, in the state it had; refused under `slug` when another page or object took
    its address meanwhile."""
    require(actor)
    return bin_operations.restore(actor, page)
