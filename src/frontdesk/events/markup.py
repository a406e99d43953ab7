"""The events' schema.org markup (docs/events.md, "Markup"), added to a page's head through the
host's collector (publishing/head.head_of(request).add_json_ld):

- an event page: one `Event` node for an event with a date (none for an undated one), with
  exactly the spec's properties: name and description (title, lead), image (every photo, whole
  addresses), startDate and endDate, eventStatus, eventAttendanceMode, location, offers,
  organizer;
- the index and a category page: an `ItemList` of the dated events the page lists, each by the
  address of its page (where its Event node is).

The trail's BreadcrumbList is the host's (publishing/head.breadcrumb), not added here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.http import HttpRequest

from frontdesk.core.languages import translate
from frontdesk.events.conf import events_settings
from frontdesk.events.models import Event, Format
from frontdesk.events.query import ATTENDANCE, moment_text
from frontdesk.pictures.queries import PictureView
from frontdesk.publishing.head import head_of, json_ld_image_urls, organization_reference_if_printed

SCHEMA = "https://schema.org"
# The keys of the events' nodes in the head collector (merged per key, printed in key order).
EVENT_KEY = "event"
LIST_KEY = "event-list"
ATTENDANCE_MODES = {
    "offline": f"{SCHEMA}/OfflineEventAttendanceMode",
    "online": f"{SCHEMA}/OnlineEventAttendanceMode",
    "mixed": f"{SCHEMA}/MixedEventAttendanceMode",
}


def _price(amount: Decimal) -> int | float:
    """A JSON number as a person writes it: 30, not "30.00" (DjangoJSONEncoder writes a Decimal
    as a string); 12.5 for 12.50."""
    return int(amount) if amount == amount.to_integral_value() else float(amount)


def _location(event: Event, page_url: str) -> list[dict[str, Any]]:
    """Where the event is: a Place for an event people come to (In person, Both) when it names a
    venue or an address, a VirtualLocation for one they join online (Online, Both). The spec
    stores no stream link, so the VirtualLocation's url is the event's own page, where the
    visitor books and learns how to join."""
    places: list[dict[str, Any]] = []
    if event.format != Format.ONLINE and (event.venue or event.address):
        place: dict[str, Any] = {"@type": "Place"}
        if event.venue:
            place["name"] = event.venue
        if event.address:
            place["address"] = event.address
        places.append(place)
    if event.format != Format.IN_PERSON:
        places.append({"@type": "VirtualLocation", "url": page_url})
    return places


def event_node(
    request: HttpRequest,
    event: Event,
    *,
    language: str,
    page_url: str,
    pictures: Sequence[PictureView],
    past: bool = False,
) -> dict[str, Any] | None:
    """The schema.org Event of `event`'s published values in `language`; None for an event
    without a date (its date note is words a search engine cannot place).

    `page_url` is the event page's address (a path or a whole address), `pictures` its gallery
    in order (the page resolves it once for its parts and this), `past` whether the event is
    over: one that is over offers no booking, on the page or here."""
    if event.starts_at is None:
        return None
    page = request.build_absolute_uri(page_url)
    node: dict[str, Any] = {
        "@context": SCHEMA,
        "@type": "Event",
        "name": translate(event.title, language),
    }
    lead = translate(event.lead, language)
    if lead:
        node["description"] = lead
    images = json_ld_image_urls(request, pictures)
    if images:
        node["image"] = images
    # Dates alone for an event of days, the end being its last day (unlike the calendar file's
    # DTEND, the day after): schema.org's endDate is inclusive.
    node["startDate"] = moment_text(event.starts_at, event.all_day)
    if event.ends_at is not None:
        node["endDate"] = moment_text(event.ends_at, event.all_day)
    node["eventStatus"] = f"{SCHEMA}/EventScheduled"
    node["eventAttendanceMode"] = ATTENDANCE_MODES[ATTENDANCE[Format(event.format)]]
    location = _location(event, page)
    if location:
        node["location"] = location[0] if len(location) == 1 else location
    # Zero is free of charge whether or not the site names a currency: the number alone says so.
    if event.price_amount is not None and event.price_amount == 0:
        node["isAccessibleForFree"] = True
    if event.booking_url and not past:
        offer: dict[str, Any] = {"@type": "Offer", "url": event.booking_url}
        currency = str(events_settings()["currency"] or "")
        if event.price_amount is not None and currency:
            offer["price"] = _price(event.price_amount)
            offer["priceCurrency"] = currency
        node["offers"] = offer
    organizer = organization_reference_if_printed()
    if organizer is not None:
        node["organizer"] = organizer
    return node


def add_event_markup(
    request: HttpRequest,
    event: Event,
    *,
    language: str,
    page_url: str,
    pictures: Sequence[PictureView],
    past: bool = False,
) -> None:
    """The event page's Event node into the head (nothing for an undated event)."""
    node = event_node(request, event, language=language, page_url=page_url, pictures=pictures, past=past)
    if node is not None:
        head_of(request).add_json_ld(EVENT_KEY, node)


def item_list_node(request: HttpRequest, cards: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The ItemList of the events a list page shows (`cards`, events().get()'s shape), each a
    ListItem with the whole address of its page. Undated events are left out: their pages carry
    no Event node, and a search engine's event list reads each item's page for one. Positions
    count from 1 on every page of the list: the list is the page's, as the cards it shows."""
    dated = [card for card in cards if card.get("url") and card.get("starts_at")]
    return {
        "@context": SCHEMA,
        "@type": "ItemList",
        "itemListElement": [
            {"@type": "ListItem", "position": position, "url": request.build_absolute_uri(card["url"])}
            for position, card in enumerate(dated, start=1)
        ],
    }


def add_item_list(request: HttpRequest, cards: Sequence[Mapping[str, Any]]) -> None:
    """The index's or a category page's ItemList into the head; a page listing no dated event
    adds none (an empty list says nothing)."""
    node = item_list_node(request, cards)
    if node["itemListElement"]:
        head_of(request).add_json_ld(LIST_KEY, node)
