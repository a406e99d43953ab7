"""Events as other modules see them: the relation target `event` (docs/host.md, "Relation
targets"), whose card is {id, url, title, lead, cover} in the language asked for."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict
from typing import Any

from django.apps import apps
from django.utils import timezone
from django.utils.translation import gettext as _

from frontdesk.categories.models import Category
from frontdesk.categories.queries import categories_of
from frontdesk.core.acting import Actor
from frontdesk.core.languages import default_language, site_language_codes, translate
from frontdesk.core.outputs import changed_out
from frontdesk.events import queries
from frontdesk.events.conf import events_prefix, events_settings
from frontdesk.events.dates import print_when
from frontdesk.events.models import CATEGORY_TYPE, Event
from frontdesk.events.panel.screens import EVENT_FORM
from frontdesk.events.permissions import VIEW
from frontdesk.events.query import moment_text
from frontdesk.pictures.queries import PictureView, resolve_pictures
from frontdesk.publishing.outputs import history_lines
from frontdesk.publishing.project_fields.values import listed_extra
from frontdesk.publishing.relations import load_relations
from frontdesk.publishing.seo_card import read_card
from frontdesk.routes.serving import addresses_of, public_path


def covers(events: Iterable[Event], language: str) -> dict[str, PictureView]:
    """The cover (first photo) of each event, in one query however many events."""
    return resolve_pictures([event.photos[0] for event in events if event.photos], language=language)


def event_card(
    event: Event, language: str, url: str | None = None, pictures: dict[str, PictureView] | None = None
) -> dict[str, Any]:
    if url is None:
        path = queries.addresses([event.pk], language).get(event.pk)
        url = public_path(language, path) if path else None
    if pictures is None:
        pictures = covers([event], language)
    cover = pictures.get(event.photos[0]) if event.photos else None
    return {
        "id": event.pk,
        "url": url,
        "title": translate(event.title, language),
        "lead": translate(event.lead, language),
        "cover": asdict(cover) if cover else None,
    }


def published_cards(ids: Iterable[int], language: str) -> dict[int, dict[str, Any]]:
    """{id: card} of the published events outside the bin among `ids`: three queries (rows,
    addresses, covers), however many ids."""
    wanted = [pk for pk in ids if isinstance(pk, int)]
    if not wanted:
        return {}
    events = list(queries.published().filter(pk__in=wanted))
    paths = queries.addresses([event.pk for event in events], language)
    pictures = covers(events, language)
    return {
        event.pk: event_card(
            event, language, public_path(language, paths[event.pk]) if event.pk in paths else None, pictures
        )
        for event in events
    }


def existing_ids(ids: Iterable[int]) -> set[int]:
    """The ids that name an event outside the bin, published or not: one query."""
    return set(Event.objects.filter(pk__in=list(ids)).values_list("pk", flat=True))


# --- The panel, the API and the agents ----------------------------------------------------------

# The values object's keys (docs/events.md, "The values"), in the editor's order; `services` only
# while the services module is installed.
VALUE_KEYS = Event.versioned_fields


def value_keys() -> tuple[str, ...]:
    if apps.is_installed("frontdesk.services"):
        return VALUE_KEYS
    return tuple(name for name in VALUE_KEYS if name != "services")


def values_out(event: Event) -> dict[str, Any]:
    """The values the event's editor shows (the published ones with the pending edits over them)
    as every door gives them: moments in ISO 8601 in the application's zone (an all-day event's as
    its first and last day, "2027-05-03"), the price as a JSON number, the project fields listed
    by the screen, the SEO card read; every key of `value_keys()`."""
    drafted = copy.copy(event)
    drafted.apply_values(event.draft_values())
    amount = drafted.price_amount
    shown: dict[str, Any] = {}
    for name in value_keys():
        value = getattr(drafted, name)
        shown[name] = dict(value or {}) if isinstance(value, dict) else value
    shown.update(
        {
            "starts_at": moment_text(drafted.starts_at, drafted.all_day),
            "ends_at": moment_text(drafted.ends_at, drafted.all_day),
            "price_amount": None if amount is None else float(amount),
            "photos": list(drafted.photos or []),
            "highlights": list(drafted.highlights or []),
            "categories": list(drafted.categories or []),
            "extra": listed_extra(EVENT_FORM.id, drafted.extra),
            "seo": read_card(drafted.seo),
        }
    )
    if "services" in shown:
        shown["services"] = list(drafted.services or [])
    return shown


def event_out(event: Event) -> dict[str, Any]:
    """The event as the editor reads it: the values being edited (the published ones with the
    pending edits over them), the names pending, the revision a save must carry, the prefix its
    addresses stand under, its addresses now (what the site answers at) and where it stands."""
    return {
        "id": event.pk,
        "state": event.state,
        "revision": event.revision,
        "pending": sorted(event.draft or {}),
        "values": values_out(event),
        "prefix": events_prefix(),
        "addresses": addresses_of(event),
        "created_at": event.created_at,
        "updated_at": event.updated_at,
        "deleted_at": event.deleted_at,
    }


def event_changed(actor: Actor, event: Event) -> dict[str, Any]:
    """A change's answer: the event as the editor reads it, or only its id to a caller without
    events.view (or a token without events:read)."""
    return changed_out(actor, VIEW, event, event_out)


def event_rows(events: Iterable[Event], language: str) -> list[dict[str, Any]]:
    """The rows of a list (the panel's tabs, the API, events_list) in `language`: the values the
    site shows (a draft's own while never published), in a fixed number of queries however many
    rows: addresses, covers, the category lists and their names. Each row has `over`, as the
    one rule says now (the rows come from queries.panel_events)."""
    rows = list(events)
    paths = queries.addresses([event.pk for event in rows], default_language())
    pictures = covers(rows, language)
    load_relations(rows, "categories")
    held = {pk for event in rows for pk in event.categories}
    names = (
        dict(Category.all_objects.filter(type=CATEGORY_TYPE, pk__in=held).values_list("pk", "name"))
        if held
        else {}
    )
    answer = []
    for event in rows:
        cover = pictures.get(event.photos[0]) if event.photos else None
        path = paths.get(event.pk)
        answer.append(
            {
                "id": event.pk,
                "title": dict(event.title or {}),
                "title_text": str(event),
                "address": public_path(default_language(), path) if path else None,
                "when": print_when(
                    event.starts_at,
                    event.ends_at,
                    all_day=event.all_day,
                    date_note=translate(event.date_note, language),
                    language=language,
                ),
                "starts_at": moment_text(event.starts_at, event.all_day),
                "ends_at": moment_text(event.ends_at, event.all_day),
                "all_day": event.all_day,
                "over": bool(getattr(event, "is_over", False)),
                "state": event.state,
                "categories": [
                    {"id": pk, "name": translate(names[pk], language)}
                    for pk in event.categories
                    if pk in names
                ],
                "cover": asdict(cover) if cover else None,
                "updated_at": event.updated_at,
                "deleted_at": event.deleted_at,
            }
        )
    return answer


def log_lines(event: Event) -> list[dict[str, Any]]:
    """The event's History lines, newest first (publishing/outputs.history_lines)."""
    return history_lines(event, {"duplicated": _("Made as a copy")})


# --- The catalog ------------------------------------------------------------------------------

# A catalog entry is the list's row without what the catalog says by its shape (the category it
# stands under) or what an agent reads with events_get (covers, project fields).
CATALOG_KEYS = ("state", "when", "starts_at", "ends_at", "all_day", "address")


def _entry(row: dict[str, Any], event: Event, language: str, codes: list[str]) -> dict[str, Any]:
    title = event.title or {}
    return {
        "id": event.pk,
        "title": translate(title, language),
        **{key: row[key] for key in CATALOG_KEYS},
        "written_in": [code for code in codes if str(title.get(code) or "").strip()],
    }


def catalog() -> dict[str, Any]:
    """events://catalog (docs/events.md, "The catalog"): each category in order with its events to
    come (drafts included) and how many of its events are over, then the events in no category,
    the application's zone and the currency; in the site's default language."""
    language = default_language()
    codes = site_language_codes()
    categories = list(categories_of(CATEGORY_TYPE))
    listed = {category.pk for category in categories}
    coming = list(queries.panel_events(when="upcoming"))
    entries = [
        _entry(row, event, language, codes)
        for row, event in zip(event_rows(coming, language), coming, strict=True)
    ]
    over = list(queries.panel_events(when="past"))
    load_relations(over, "categories")
    counted: Counter[int | None] = Counter()
    for event in over:
        held = [pk for pk in event.categories if pk in listed]
        counted.update(held or [None])

    def under(pk: int | None) -> list[dict[str, Any]]:
        return [
            entry
            for entry, event in zip(entries, coming, strict=True)
            if (pk in event.categories if pk is not None else not listed.intersection(event.categories))
        ]

    return {
        "categories": [
            {
                "id": category.pk,
                "name": translate(category.name, language),
                "slug": translate(category.slug, language),
                "is_shown": category.is_shown,
                "events": under(category.pk),
                "over": counted[category.pk],
            }
            for category in categories
        ],
        "uncategorized": {"events": under(None), "over": counted[None]},
        "time_zone": timezone.get_default_timezone_name(),
        "currency": events_settings()["currency"] or "",
        "language": language,
    }
