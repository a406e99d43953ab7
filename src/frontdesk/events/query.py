"""`events()`: the template query interface (docs/events.md, "events()"), a chainable query over
the published events that answers cards.

    events()                                   # events to come, nearest first
    events().past().take(3)                    # the three that ended last
    events().in_("yoga").locale("de").get()    # the cards of a category, in German
    events().related_to("service", 7).first()

Each step answers a new query (the one it was called on is unchanged), so a template may keep a
base query and narrow it twice. Nothing runs until the query is looped, counted, `get()` or
`first()`. Python spells the spec's `in` and `relatedTo` as `in_()` and `related_to()` (`in` is
a keyword), and `except` as `except_()`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, replace
from datetime import datetime
from typing import Any

from django.db.models import Case, IntegerField, QuerySet, Value, When
from django.utils import translation

from frontdesk.categories.models import Category
from frontdesk.core.languages import default_language, site_language_codes, translate
from frontdesk.core.lists import RowsInTurn
from frontdesk.events import queries
from frontdesk.events.dates import print_when
from frontdesk.events.models import CATEGORY_TARGET, CATEGORY_TYPE, Event, Format
from frontdesk.events.panel.screens import EVENT_FORM
from frontdesk.pictures.queries import resolve_pictures
from frontdesk.publishing.models import in_application_zone
from frontdesk.publishing.project_fields import fields_of
from frontdesk.publishing.project_fields.values import read_value
from frontdesk.publishing.relation_targets import RELATION_TARGETS
from frontdesk.publishing.relations import load_relations, related_cards, related_to
from frontdesk.routes.serving import public_path

# relatedTo's names of what an event is related to, and the event's field holding each.
RELATIONS = {"service": "services", "category": "categories"}
ATTENDANCE = {Format.IN_PERSON: "offline", Format.ONLINE: "online", Format.BOTH: "mixed"}
NOTHING: tuple[int, ...] = (0,)  # no event has id 0: a filter that matches none


def _as_list(value: object) -> list[Any]:
    if value is None or value == "":
        return []
    if isinstance(value, list | tuple | set | QuerySet):
        return list(value)
    return [value]


def _category_ids(references: list[Any]) -> list[int]:
    """Ids of event categories named by id, slug (or address) or object; an unknown one names none."""
    target = RELATION_TARGETS.get(CATEGORY_TARGET)
    ids: list[int] = []
    for reference in references:
        if isinstance(reference, Category):
            ids.append(reference.pk)
        elif isinstance(reference, int) and not isinstance(reference, bool):
            ids.append(reference)
        elif isinstance(reference, str) and reference.strip().isdigit():
            ids.append(int(reference.strip()))
        elif isinstance(reference, str) and target is not None:
            found = target.lookup_by_address(reference)
            if found is not None:
                ids.append(found)
    return ids


def _related_ids(target_name: str, references: list[Any]) -> list[int]:
    """Ids of the target's objects named by id, address or object; unknown ones name none."""
    target = RELATION_TARGETS.get(target_name)
    ids: list[int] = []
    for reference in references:
        if isinstance(reference, int) and not isinstance(reference, bool):
            ids.append(reference)
        elif isinstance(reference, str) and reference.strip().isdigit():
            ids.append(int(reference.strip()))
        elif isinstance(reference, str):
            found = target.lookup_by_address(reference) if target is not None else None
            if found is not None:
                ids.append(found)
        elif getattr(reference, "pk", None) is not None:
            ids.append(reference.pk)
    return ids


def moment_text(moment: datetime | None, all_day: bool) -> str | None:
    """ISO 8601 in the application's zone; the days alone for an all-day event (its first and
    its last day, as the markup writes them)."""
    if moment is None:
        return None
    local = in_application_zone(moment)
    return local.date().isoformat() if all_day else local.isoformat()


@dataclass(frozen=True)
class EventsQuery:
    when: str = "upcoming"  # upcoming, past, all
    categories: tuple[int, ...] | None = None  # None: any
    related: tuple[tuple[str, tuple[int, ...]], ...] = ()
    chosen: tuple[int, ...] | None = None  # only(): these, in this order
    left_out: tuple[int, ...] = ()
    limit: int = 0  # 0: all
    language: str = ""  # "": the language being rendered

    # --- Steps -------------------------------------------------------------------------------

    def upcoming(self) -> EventsQuery:
        return replace(self, when="upcoming")

    def past(self) -> EventsQuery:
        return replace(self, when="past")

    def all(self) -> EventsQuery:
        return replace(self, when="all")

    def in_(self, categories: object = None) -> EventsQuery:
        """Events in any of these categories (an id, a slug, a category, or a list of them);
        None or empty: all. A category named by nothing known narrows to no event."""
        references = _as_list(categories)
        if not references:
            return replace(self, categories=None)
        return replace(self, categories=tuple(_category_ids(references)) or NOTHING)

    def related_to(self, name: str, objects: object) -> EventsQuery:
        """Events related to any of these objects of `name` ("service"): ids, addresses, rows.
        Without the services module no event is related to a service."""
        if name not in RELATIONS:
            raise ValueError(f"events().related_to() takes {', '.join(RELATIONS)}, not {name!r}.")
        target = CATEGORY_TARGET if name == "category" else name
        if name == "category":
            ids = _category_ids(_as_list(objects))
        else:
            ids = _related_ids(target, _as_list(objects)) if target in RELATION_TARGETS else []
        return replace(self, related=(*self.related, (RELATIONS[name], tuple(ids) or NOTHING)))

    def only(self, ids: object) -> EventsQuery:
        """These events and no others, in this order (the time filter still applies)."""
        references = _as_list(ids)
        if not references:
            return replace(self, chosen=None)
        wanted = _related_ids("event", references)
        return replace(self, chosen=tuple(dict.fromkeys(wanted)) or NOTHING)

    def except_(self, event: object) -> EventsQuery:
        left = _related_ids("event", _as_list(event))
        return replace(self, left_out=(*self.left_out, *left))

    def take(self, count: object) -> EventsQuery:
        """At most `count` events; None, zero (or a negative number) means all."""
        try:
            limit = int(count) if count not in (None, "") else 0  # type: ignore[call-overload]
        except (TypeError, ValueError):
            limit = 0
        return replace(self, limit=max(limit, 0))

    def locale(self, code: str | None) -> EventsQuery:
        return replace(self, language=code if code in site_language_codes() else "")

    # --- Answers -----------------------------------------------------------------------------

    @property
    def card_language(self) -> str:
        if self.language:
            return self.language
        active = translation.get_language()
        return active if active in site_language_codes() else default_language()

    def _selected(self) -> QuerySet[Event]:
        """The published events the steps select, in no order yet."""
        events = queries.published()
        if self.categories is not None:
            events = related_to(events, "categories", self.categories)
        for field, ids in self.related:
            events = related_to(events, field, ids)
        if self.left_out:
            events = events.exclude(pk__in=self.left_out)
        if self.chosen is not None:
            events = events.filter(pk__in=self.chosen)
        return events

    def queryset(self) -> QuerySet[Event]:
        """The events as one queryset in the query's order, cut at `take()`."""
        ordered = {"upcoming": queries.upcoming, "past": queries.past, "all": queries.every}[self.when](
            self._selected()
        )
        if self.chosen:
            place = Case(
                *[When(pk=pk, then=Value(index)) for index, pk in enumerate(self.chosen)],
                output_field=IntegerField(),
            )
            ordered = ordered.order_by(place)
        return ordered[: self.limit] if self.limit else ordered

    def in_order(self) -> QuerySet[Event] | RowsInTurn[Event]:
        """The events in the query's order, not cut at `take()` (for a paginator): the events to
        come read in turn, as the index reads them (queries.upcoming_in_turn), unless `only()`
        gives the order; otherwise `queryset()`'s rows."""
        if self.when == "upcoming" and self.chosen is None:
            return queries.upcoming_in_turn(self._selected())
        return replace(self, limit=0).queryset()

    def get(self) -> list[dict[str, Any]]:
        rows = self.in_order()
        return cards(rows[: self.limit] if self.limit else list(rows), self.card_language)

    def first(self) -> dict[str, Any] | None:
        found = self.take(1).get()
        return found[0] if found else None

    def count(self) -> int:
        """One COUNT query."""
        return self.queryset().count()

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self.get())

    def __len__(self) -> int:
        return self.count()

    def __bool__(self) -> bool:
        return self.count() > 0


def events() -> EventsQuery:
    """Events to come, nearest first, as cards in the language being rendered."""
    return EventsQuery()


def cards(events: Iterable[Event], language: str, urls: dict[int, str] | None = None) -> list[dict[str, Any]]:
    """The cards of `events` (rows of the queries above, with `is_over`), in a fixed number of
    queries however many: addresses (unless `urls` gives them: the event page knows its own),
    pictures, the categories' lists, their cards, and, when some category is not among the cards
    (off-site), which of them exist outside the bin."""
    rows = list(events)
    if not rows:
        return []
    if urls is None:
        paths = queries.addresses([event.pk for event in rows], language)
        urls = {pk: public_path(language, path) for pk, path in paths.items()}
    pictures = resolve_pictures([key for event in rows for key in event.photos], language=language)
    load_relations(rows, "categories")
    links = related_cards(rows, "categories", language)
    held = {pk for event in rows for pk in event.categories}
    # The cards are the on-site categories outside the bin; an off-site one still counts.
    live = {card["id"] for found in links.values() for card in found}
    if held - live:
        live |= set(
            Category.objects.filter(type=CATEGORY_TYPE, pk__in=held - live).values_list("pk", flat=True)
        )
    fields = fields_of(EVENT_FORM.id)
    answer = []
    for event in rows:
        url = urls.get(event.pk)
        gallery = [asdict(pictures[key]) for key in event.photos if key in pictures]
        over = bool(getattr(event, "is_over", False))
        online = event.format == Format.ONLINE
        answer.append(
            {
                "id": event.pk,
                "url": url,
                "title": translate(event.title, language),
                "lead": translate(event.lead, language),
                "cover": gallery[0] if gallery else None,
                "gallery": gallery,
                "starts_at": moment_text(event.starts_at, event.all_day),
                "ends_at": moment_text(event.ends_at, event.all_day),
                "all_day": event.all_day,
                "when": print_when(
                    event.starts_at,
                    event.ends_at,
                    all_day=event.all_day,
                    date_note=translate(event.date_note, language),
                    language=language,
                ),
                "past": over,
                "attendance": ATTENDANCE.get(Format(event.format), "offline"),
                "venue": "" if online else event.venue,
                "price": translate(event.price, language),
                "booking_url": None if over else (event.booking_url or None),
                "ics_url": f"{url}.ics" if url and event.starts_at is not None else None,
                "categories": [pk for pk in event.categories if pk in live],
                "category_links": [
                    {"id": card["id"], "title": card["title"], "url": card["url"]}
                    for card in links.get(event.pk, [])
                    if card["url"]
                ],
                "fields": {
                    field.name: read_value(field, (event.extra or {}).get(field.name), language)
                    for field in fields
                },
            }
        )
    return answer
