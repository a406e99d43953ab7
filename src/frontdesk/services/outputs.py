"""Services as the doors answer them: plain dicts shaped like the API's schemas (api.py), shared by
the MCP tools, and the card other modules print (an event's services) through the relation
targets (publishing/relations.py).

Translated values are answered whole (`title`) and as text in the caller's language
(`title_text`). The card holds text in the language asked for, and its cover picture with every
size (`srcset`) or null. Covers of many services are read in one query.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from frontdesk.core.acting import Actor
from frontdesk.core.languages import translate
from frontdesk.core.outputs import changed_out
from frontdesk.pictures.queries import PictureView, resolve_pictures
from frontdesk.publishing.project_fields import listed_extra
from frontdesk.publishing.seo_card import read_card
from frontdesk.services import queries
from frontdesk.services.models import Service
from frontdesk.services.panel.screens import SERVICE_FORM
from frontdesk.services.permissions import VIEW


def service_changed(actor: Actor, service: Service) -> dict[str, Any]:
    """A change's answer: the whole service, or only its id to a caller without services.view
    (or a token without services:read)."""
    return changed_out(actor, VIEW, service, service_out)


def picture_out(view: PictureView | None) -> dict[str, Any] | None:
    """A cover as the doors and the card answer it; None for none (or a picture no longer there)."""
    if view is None:
        return None
    return {
        "key": view.key,
        "url": view.url,
        "srcset": view.srcset,
        "width": view.width,
        "height": view.height,
        "alt": view.alt,
    }


def covers(services: Iterable[Service], language: str | None = None) -> dict[str, PictureView]:
    """The covers of many services in one query (none when none has a cover)."""
    return resolve_pictures([service.cover for service in services if service.cover], language=language)


def service_out(
    service: Service,
    addresses: dict[str, str] | None = None,
    pictures: dict[str, PictureView] | None = None,
) -> dict[str, Any]:
    """The API's service; `addresses` ({language: address}) and `pictures` (its cover) when the
    caller read them in bulk."""
    if addresses is None:
        addresses = queries.addresses([service.pk]).get(service.pk, {})
    if pictures is None:
        pictures = covers([service])
    return {
        "id": service.pk,
        "title": service.title or {},
        "title_text": translate(service.title),
        "slug": service.slug or {},
        "lead": service.lead or {},
        "cover": service.cover or None,
        "cover_picture": picture_out(pictures.get(service.cover)),
        "description": service.description or {},
        "seo": read_card(service.seo),
        "is_visible": service.is_visible,
        "position": service.position,
        "addresses": addresses,
        "extra": listed_extra(SERVICE_FORM.id, service.extra),
        "created_at": service.created_at,
        "updated_at": service.updated_at,
        "deleted_at": service.deleted_at,
    }


def services_out(services: Iterable[Service]) -> list[dict[str, Any]]:
    """Many services with their addresses in two queries however many (rows, then routes)."""
    rows = list(services)
    found = queries.addresses([service.pk for service in rows])
    pictures = covers(rows)
    return [service_out(service, found.get(service.pk, {}), pictures) for service in rows]


def service_card(
    service: Service,
    language: str,
    url: str | None = None,
    pictures: dict[str, PictureView] | None = None,
) -> dict[str, Any]:
    """The card: what a list or another module's page prints of a service. `cover` is its picture
    ({key, url, srcset, width, height, alt}, the alt in `language`) or None."""
    if url is None:
        url = queries.addresses([service.pk], language).get(service.pk, {}).get(language)
    if pictures is None:
        pictures = covers([service], language)
    return {
        "id": service.pk,
        "url": url,
        "title": translate(service.title, language),
        "lead": translate(service.lead, language),
        "cover": picture_out(pictures.get(service.cover)),
    }


def published_cards(ids: Iterable[int], language: str) -> dict[int, dict[str, Any]]:
    """{id: card} of those services a visitor sees (visible, outside the bin): three queries
    (rows, addresses, covers), however many ids."""
    wanted = [pk for pk in ids if isinstance(pk, int)]
    if not wanted:
        return {}
    services = list(queries.published().filter(pk__in=wanted))
    urls = queries.addresses([service.pk for service in services], language)
    pictures = covers(services, language)
    return {
        service.pk: service_card(service, language, urls.get(service.pk, {}).get(language), pictures)
        for service in services
    }


def existing_ids(ids: Iterable[int]) -> set[int]:
    """The ids that name a service outside the bin, visible or not: one query."""
    return set(Service.objects.filter(pk__in=list(ids)).values_list("pk", flat=True))
