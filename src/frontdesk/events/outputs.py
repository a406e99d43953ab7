"""Events as other modules see them: the relation target `event` (docs/host.md, "Relation
targets"), whose card is {id, url, title, lead, cover} in the language asked for."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict
from typing import Any

from frontdesk.core.languages import translate
from frontdesk.events import queries
from frontdesk.events.models import Event
from frontdesk.pictures.queries import PictureView, resolve_pictures
from frontdesk.routes.serving import public_path


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
