"""Creating and saving events and moving them through their states: the rules every door (the
panel, the API, the agent tools, the demo) calls, once (docs/events.md, "Operations").

Drafting, publishing and versions are the host's (publishing/versions.py), the locked row and
the addresses that follow a draft's slug too (publishing/editing.py). This module adds what is
the event's own: the values a door sends judged by kind (dates read in the application's zone,
a number that is a number, texts that can be stored), its project fields, its SEO card and its
addresses. The rules of one row (an end before its start, whole days of an all-day event, links,
the price's floor) are the model's, so a save and a publish judge them alike.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from datetime import date, datetime, time
from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.dateparse import parse_datetime
from django.utils.text import slugify
from django.utils.translation import gettext as _

from frontdesk.core import log
from frontdesk.core.acting import Actor, require_permission
from frontdesk.core.bin import operations as bin_operations
from frontdesk.core.fields import TranslatedField, TranslatedItemsField
from frontdesk.core.inputs import NOT_GIVEN, refuse_unknown_keys, unstorable_texts
from frontdesk.core.languages import default_language, site_language_codes, translate
from frontdesk.events.models import CATEGORY_TARGET, SLUG_MAX_LENGTH, Event
from frontdesk.events.panel.screens import EVENT_FORM
from frontdesk.events.permissions import MANAGE
from frontdesk.events.queries import ROUTE_TYPE
from frontdesk.publishing import versions
from frontdesk.publishing.duplicate import duplicate_versioned
from frontdesk.publishing.editing import follow_address, locked, publish_at_addresses
from frontdesk.publishing.models import in_application_zone
from frontdesk.publishing.project_fields.values import clean_extra
from frontdesk.publishing.relations import resolve_references
from frontdesk.publishing.seo_card import clean_seo_card
from frontdesk.routes.claims import claim_routes, next_free_slugs
from frontdesk.routes.models import Route
from frontdesk.routes.registry import ROUTE_TYPES, is_reserved

__all__ = [
    "bin_event",
    "create_event",
    "discard_event",
    "duplicate_event",
    "publish_event",
    "restore_event",
    "restore_event_version",
    "unpublish_event",
    "update_event",
]

KNOWN = frozenset(Event.versioned_fields)
MOMENTS = ("starts_at", "ends_at")
RELATIONS = {"categories": CATEGORY_TARGET, "services": "service"}
PLAIN_TEXTS = ("format", "venue", "address", "map_url", "booking_url")
# The years a moment may fall in: every database stores them, and no offset pushes one out of
# Python's range (year 1 minus an hour is no datetime).
FIRST_YEAR, LAST_YEAR = 1000, 9998
DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
FALLBACK_SLUG = "event"  # when a title gives no letter or digit to make an address of


def require(actor: Actor) -> None:
    """`actor=None` is the system (demo content, commands), as in every operation."""
    require_permission(actor, MANAGE)


def _moment(value: object) -> datetime | None:
    """A moment as a door sends it (ISO 8601 with or without an offset, a date, a datetime, or
    null/"" for none), in the application's zone; an offset-less one is a time in that zone."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        parsed: datetime | None = value
    elif isinstance(value, date):
        parsed = datetime.combine(value, time.min)
    elif isinstance(value, str) and len(value) <= 64:
        try:
            parsed = parse_datetime(value.strip())
        except ValueError:
            parsed = None
    else:
        parsed = None
    if parsed is None:
        raise ValidationError(_("Give a date and time such as 2027-03-12T10:00:00+01:00."))
    if not FIRST_YEAR <= parsed.year <= LAST_YEAR:
        raise ValidationError(
            _("Give a date between the years %(first)d and %(last)d.")
            % {"first": FIRST_YEAR, "last": LAST_YEAR}
        )
    return in_application_zone(parsed)


def _days_only(given: Mapping[str, Any]) -> bool:
    """Whether the moments given are days and nothing else ("2027-05-03", a date): how an event
    of days travels, its first and last day as dates (docs/events.md, "The values")."""
    sent = [given[name] for name in MOMENTS if given.get(name) not in (None, "")]
    return bool(sent) and all(
        (isinstance(value, str) and DAY.match(value.strip()) is not None)
        or (isinstance(value, date) and not isinstance(value, datetime))
        for value in sent
    )


def _amount(value: object) -> Decimal | None:
    """The price as a number: null/"" for none; a JSON number or a text of one, finite."""
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        raise ValidationError(_("Give the price as a number, such as 12.50."))
    if isinstance(value, float) and not math.isfinite(value):
        raise ValidationError(_("Give the price as a number, such as 12.50."))
    try:
        amount = Decimal(str(value).strip()[:40])
    except InvalidOperation:
        raise ValidationError(_("Give the price as a number, such as 12.50.")) from None
    if not amount.is_finite():
        raise ValidationError(_("Give the price as a number, such as 12.50."))
    return amount


def _prepared(values: Mapping[str, Any], *, stored: Mapping[str, Any]) -> dict[str, Any]:
    """The values given (NOT_GIVEN left out), each read by its kind as save_draft takes it:
    moments and the price parsed, plain texts trimmed, project fields and the SEO card merged
    over `stored` (the values being edited), translated values passed on as sent (merged once,
    by the versions helper). Every refused value is named at once, under its key."""
    given = {name: value for name, value in values.items() if value is not NOT_GIVEN}
    if "all_day" not in given and _days_only(given):
        given["all_day"] = True  # "2027-05-03" to "2027-05-05": an event of days
    errors: dict[str, list[str]] = {}
    for where, problem in unstorable_texts(given):
        errors.setdefault(".".join(str(part) for part in where) or "__all__", []).append(problem)
    if errors:
        raise ValidationError(errors)
    prepared: dict[str, Any] = {}
    for name, value in given.items():
        try:
            if name in MOMENTS:
                prepared[name] = _moment(value)
            elif name == "price_amount":
                prepared[name] = _amount(value)
            elif name in PLAIN_TEXTS:
                if value is not None and not isinstance(value, str):
                    raise ValidationError(_("Give a text."))
                prepared[name] = (value or "").strip()
            elif name == "all_day":
                if not isinstance(value, bool):
                    raise ValidationError(_("Give true or false."))
                prepared[name] = value
            elif name == "extra":
                prepared[name] = clean_extra(EVENT_FORM.id, stored.get("extra") or {}, value or {})
            elif name == "seo":
                if value is not None and not isinstance(value, Mapping):
                    raise ValidationError(_("Give the SEO card as an object."))
                prepared[name] = clean_seo_card(value, stored=stored.get("seo"))
            elif name in RELATIONS:
                # Named by id, or by slug or address as an agent names them (docs/events.md).
                references = [] if value is None else value
                if isinstance(references, list | tuple):
                    references = resolve_references(RELATIONS[name], references, field=name)
                prepared[name] = references
            elif name in ("photos", "highlights"):
                prepared[name] = [] if value is None else value
            else:
                prepared[name] = value
        except ValidationError as error:
            if hasattr(error, "error_dict"):  # extra.<name>, seo.<key>: keyed already
                for key, texts in error.message_dict.items():
                    errors.setdefault(key, []).extend(texts)
            else:
                errors.setdefault(name, []).extend(error.messages)
    if errors:
        raise ValidationError(errors)
    return prepared


def _merged_new(values: dict[str, Any]) -> dict[str, Any]:
    """A new event's values: each translated value (texts, highlight cards) merged over nothing,
    by its field's own rule, as a save merges it over the draft."""
    merged = dict(values)
    errors: dict[str, list[str]] = {}
    for name, value in values.items():
        field = Event._meta.get_field(name)
        if isinstance(field, TranslatedField | TranslatedItemsField):
            try:
                merged[name] = field.merge(None, value)
            except ValidationError as error:
                if hasattr(error, "error_dict"):  # an item's value: highlights.2.heading
                    errors.update({f"{name}.{key}": texts for key, texts in error.message_dict.items()})
                else:
                    errors[name] = error.messages
    if errors:
        raise ValidationError(errors)
    return merged


def _slug_from_title(title: Mapping[str, str]) -> dict[str, str]:
    """A new event's address when none is given: the default language's title (or the one the
    fallback rule reads) as an address segment, with the next free suffix (-2, -3) when another
    object holds it; "event" when the title has no letter or digit."""
    slug = slugify(translate(title), allow_unicode=True)[: SLUG_MAX_LENGTH - 10] or FALLBACK_SLUG
    route_type = ROUTE_TYPES[ROUTE_TYPE]
    paths = {language: route_type.path_for_slug(slug, language) for language in site_language_codes()}
    taken = any(
        is_reserved(path) or Route.all_objects.filter(language=language, path=path).exists()
        for language, path in paths.items()
    )
    return next_free_slugs(ROUTE_TYPE, {default_language(): slug}) if taken else {default_language(): slug}


@transaction.atomic
def create_event(*, actor: Actor, values: Mapping[str, Any]) -> Event:
    """A new draft event from `values` (any versioned value; `title` required, `slug` taken from
    the title when not given); its addresses are claimed at once, so nobody takes them meanwhile."""
    require(actor)
    refuse_unknown_keys(values, KNOWN, location="__all__")
    if values.get("title", NOT_GIVEN) is NOT_GIVEN:
        raise ValidationError({"title": [_("Give a text in at least one language.")]})
    merged = _merged_new(_prepared(values, stored={}))
    if not merged.get("slug"):
        merged["slug"] = _slug_from_title(merged["title"])
    event = Event()
    event.apply_values(merged)
    event.full_clean()
    event.save()
    claim_routes(event, ROUTE_TYPE)
    log.write(event, "event.created", actor, detail={"title": event.title, "slug": event.slug})
    return event


@transaction.atomic
def update_event(event: Event, *, actor: Actor, values: Mapping[str, Any], revision: int) -> Event:
    """Save `values` into the event's draft (only the names given change; a translated value by
    language, highlight cards by card) if `revision` is still the event's, else `Conflict` and
    nothing changes. A published event keeps showing its published values until Publish."""
    require(actor)
    refuse_unknown_keys(values, KNOWN, location="__all__")
    current = locked(event, revision)
    prepared = _prepared(values, stored=current.draft_values())
    saved = versions.save_draft(actor, current, values=prepared, revision=revision)
    follow_address(saved, ROUTE_TYPE)
    return saved


@transaction.atomic
def publish_event(event: Event, *, actor: Actor, revision: int | None = None) -> Event:
    """The draft goes onto the site (a version is kept); the event takes its new addresses, its
    old ones answering 301."""
    require(actor)
    return publish_at_addresses(actor, event, ROUTE_TYPE, revision=revision)


@transaction.atomic
def unpublish_event(event: Event, *, actor: Actor, revision: int | None = None) -> Event:
    """Off the site (its address answers 404); values and pending edits stay."""
    require(actor)
    return versions.unpublish(actor, locked(event, revision), revision=revision)


@transaction.atomic
def bin_event(event: Event, *, actor: Actor) -> Event:
    """Into the bin: off the site, its addresses (and those held for its draft) free for others."""
    require(actor)
    return bin_operations.put_in_bin(actor, locked(event))


@transaction.atomic
def discard_event(event: Event, *, actor: Actor, revision: int | None = None) -> Event:
    """Throw the pending edits away: a published event is published again as the site shows it,
    an unpublished one stays off the site, a draft has none (docs/events.md, "States")."""
    require(actor)
    discarded = versions.discard(actor, locked(event, revision), revision=revision)
    follow_address(discarded, ROUTE_TYPE)  # the addresses held for the draft's slug are let go
    return discarded


@transaction.atomic
def restore_event_version(event: Event, *, actor: Actor, number: int, revision: int | None = None) -> Event:
    """Version `number`'s values become the draft: pending until Publish on a published event
    (published with edits), the values themselves on a draft or an unpublished one."""
    require(actor)
    restored = versions.restore_version(actor, locked(event, revision), number, revision=revision)
    follow_address(restored, ROUTE_TYPE)
    return restored


@transaction.atomic
def restore_event(event: Event, *, actor: Actor) -> Event:
    """Out of the bin, in the state it had (a published event is on the site again); refused
    under `slug` when another event or category took its address meanwhile."""
    require(actor)
    return bin_operations.restore(actor, event)


@transaction.atomic
def duplicate_event(event: Event, *, actor: Actor, values: Mapping[str, Any] | None = None) -> Event:
    """A new draft copying what the event's editor shows (the draft's values over the published
    ones: every field, the categories, the services, the SEO card, the project fields, the same
    title), at the next free address (-2, -3) in every language, without history; `values`
    (new dates, say) saved into the copy in the same transaction. Anything refused leaves no copy."""
    require(actor)
    copy = duplicate_versioned(locked(event), actor=actor)
    if values:
        copy = update_event(copy, actor=actor, values=values, revision=copy.revision)
    return copy
