"""The services' panel JSON API under /api/cms/services (docs/services.md, "Panel API").

Thin doors: each route parses its body, calls one operation or query and answers with
`outputs.py`'s shapes; the operations hold every rule and key their errors by field. A fixed
path (`/sorting`) is registered before the one with a parameter it would otherwise match.
"""

from __future__ import annotations

from datetime import datetime

from django.http import HttpRequest
from ninja import Query, Schema
from ninja import Status as Reply
from pydantic import Field

from frontdesk.core.api.routing import PanelRouter
from frontdesk.core.api.schemas import PictureViewOut, SeoCardOut, WrittenOut, answers
from frontdesk.core.bin.doors import bin_routes
from frontdesk.services import operations, outputs, queries
from frontdesk.services.inputs import OrderIn, ServiceChange, ServiceIn
from frontdesk.services.permissions import MANAGE, VIEW

router = PanelRouter(tags=["services"])


class ServiceOut(Schema):
    id: int
    title: dict[str, str] = Field(examples=[{"en": "Garden design", "de": "Gartenplanung"}])
    title_text: str = Field(description="The title in the caller's language (with the fallback rule).")
    slug: dict[str, str] = Field(examples=[{"en": "garden-design", "de": "gartenplanung"}])
    lead: dict[str, str]
    cover: str | None = Field(description="The cover's picture key, or null.")
    cover_picture: PictureViewOut | None = Field(
        description="The cover as the page prints it; null without one (or when its picture is gone)."
    )
    description: dict[str, str] = Field(
        description="Rich text per language, as stored (pictures by key).",
        examples=[{"en": "<p>We plan gardens.</p>"}],
    )
    seo: SeoCardOut
    is_visible: bool
    position: int
    addresses: dict[str, str] = Field(
        description="The public address per language; none while the service is in the bin.",
        examples=[{"en": "/services/garden-design", "de": "/de/services/gartenplanung"}],
    )
    extra: dict = Field(description="The site's project fields of the services.form screen, by name.")
    created_at: datetime
    updated_at: datetime
    deleted_at: datetime | None = Field(description="When it went into the bin; null outside it.")


class ListQuery(Schema):
    trashed: bool = Field(False, description="true: the services in the bin, newest first (the Bin tab).")


@router.get(
    "",
    response=answers(200, list[ServiceOut]),
    permission=VIEW,
    summary="Every service in the editors' order (or, with trashed=true, the bin)",
)
def list_services(request: HttpRequest, query: Query[ListQuery]):
    return outputs.services_out(queries.in_order(trashed=query.trashed))


@router.post(
    "",
    response=answers(201, ServiceOut | WrittenOut),
    permission=MANAGE,
    summary="Create a service",
)
def create_service(request: HttpRequest, payload: ServiceIn):
    service = operations.create_service(actor=request.user, values=payload.values())
    return Reply(201, outputs.service_changed(request.user, service))


@router.post(
    "/sorting",
    response=answers(204, None),
    permission=MANAGE,
    summary="Store the services' order",
)
def sort_services(request: HttpRequest, payload: OrderIn):
    operations.reorder_services(actor=request.user, ids=payload.order)
    return Reply(204, None)


@router.get("/{service}", response=answers(200, ServiceOut), permission=VIEW, summary="One service")
def get_service(request: HttpRequest, service: int):
    return outputs.service_out(queries.find_service(service))


@router.put(
    "/{service}",
    response=answers(200, ServiceOut | WrittenOut),
    permission=MANAGE,
    summary="Change a service (only the keys given; a translated value by language)",
)
def update_service(request: HttpRequest, service: int, payload: ServiceChange):
    changed = operations.update_service(
        queries.find_service(service), actor=request.user, values=payload.values()
    )
    return outputs.service_changed(request.user, changed)


bin_routes(
    router,
    "/{service}",
    module=__name__,
    noun="service",
    permission=MANAGE,
    find=queries.find_service,
    find_in_bin=queries.find_in_bin,
    put_in_bin=operations.bin_service,
    restore=operations.restore_service,
    restored=outputs.service_changed,
    response=ServiceOut | WrittenOut,
    summaries=(
        "Put a service in the bin (its page goes off the site; restore brings it back)",
        "Take a service out of the bin (refused when another took its address meanwhile)",
    ),
)
