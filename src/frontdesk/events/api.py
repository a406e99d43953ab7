"""The events' panel JSON API under /api/cms/events (docs/events.md, "The panel API"). Thin doors:
each route parses its body (events/inputs.py, shared with the agent tools), calls one operation or
query and answers with the shapes of outputs.py. The event categories are the host's category
routes, mounted at /api/cms/events/categories by apps.py."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from django.apps import apps
from django.http import HttpRequest
from django.utils.translation import get_language
from ninja import Query, Schema
from ninja import Status as Reply
from pydantic import Field, field_validator

from frontdesk.core.api.pagination import Page as Paginated
from frontdesk.core.api.pagination import PageQuery, paginate
from frontdesk.core.api.routing import PanelRouter
from frontdesk.core.api.schemas import PictureViewOut, WrittenOut, answers
from frontdesk.core.bin.doors import bin_routes
from frontdesk.core.inputs import refuse_unstorable_text
from frontdesk.core.languages import default_language, is_site_language
from frontdesk.events import operations, queries
from frontdesk.events.inputs import DuplicateIn, EventIn, EventSave
from frontdesk.events.models import CATEGORY_TARGET
from frontdesk.events.outputs import event_changed, event_out, event_rows, log_lines
from frontdesk.events.permissions import MANAGE, VIEW
from frontdesk.publishing.doors import versioned_routes
from frontdesk.publishing.outputs import preview_link_out
from frontdesk.publishing.relations import resolve_references
from frontdesk.publishing.schemas import PreviewLinkOut

router = PanelRouter(tags=["events"])

VALUES_HELP = (
    "The values the editor shows (the published ones with the pending edits over them): title, slug,"
    " lead, description, date_note, price (per language), starts_at and ends_at (ISO 8601 with the"
    " application zone's offset; an all-day event's as its first and last day, 2027-05-03), all_day,"
    " format, venue, address, map_url, price_amount (a number or null), booking_url, photos (picture"
    " keys), highlights (cards {id, heading, line}), categories (ids), services (ids; only with the"
    " services module), seo (the SEO card), extra (project fields by name)."
)


class EventOut(Schema):
    id: int
    state: str = Field(examples=["changed"], description="draft, published, changed or unpublished.")
    revision: int = Field(description="The revision a save or a state step carries.")
    pending: list[str] = Field(description="The values saved in the draft and not yet published.")
    values: dict[str, Any] = Field(description=VALUES_HELP)
    prefix: str = Field(description="The events' address prefix, in front of the slug.", examples=["events"])
    addresses: dict[str, str] = Field(description="Where the site answers now, per language.")
    created_at: datetime
    updated_at: datetime
    deleted_at: datetime | None


class EventWithPreviewOut(EventOut):
    preview: PreviewLinkOut = Field(
        description="A fresh link to the draft's preview, in the default language."
    )


class CategoryChip(Schema):
    id: int
    name: str


class EventRow(Schema):
    id: int
    title: dict[str, str]
    title_text: str
    address: str | None = Field(description="The address in the default language; null in the bin.")
    when: str = Field(description="The date as printed, in the request's language.")
    starts_at: str | None = Field(examples=["2027-03-12T18:00:00+01:00"])
    ends_at: str | None
    all_day: bool
    over: bool
    state: str
    categories: list[CategoryChip]
    cover: PictureViewOut | None
    updated_at: datetime
    deleted_at: datetime | None


class EventsQuery(PageQuery):
    when: Literal["upcoming", "past", "all"] = Field(
        "upcoming",
        description="upcoming: to come (no date first, then nearest); past: over (last first); all: every"
        " event (no date first, then latest). Ignored with trashed=true.",
    )
    category: str | None = Field(None, max_length=200, description="An event category's id or slug.")
    status: Literal["draft", "published", "changed", "unpublished"] | None = None
    q: str = Field("", max_length=200, description="Words in a title, an address or a lead, any language.")
    trashed: bool = Field(False, description="true lists the events in the bin instead, last binned first.")

    @field_validator("q")
    @classmethod
    def only_storable_text(cls, value: str) -> str:
        return refuse_unstorable_text(value)


class EventsServiceQuery(EventsQuery):
    service: str | None = Field(None, max_length=2000, description="A service's id or address.")


# Without the services module there is no service filter (docs/events.md, "Optional modules").
if TYPE_CHECKING:
    ListQuery = EventsServiceQuery
else:
    ListQuery = EventsServiceQuery if apps.is_installed("frontdesk.services") else EventsQuery


def _ids(target: str, reference: str | None, field: str) -> list[int] | None:
    """The id a filter names (by id, slug or address), None without one; an unknown slug or address
    is refused under `field`."""
    if reference is None or not reference.strip():
        return None
    return resolve_references(target, [reference.strip()], field=field)


@router.get(
    "",
    response=answers(200, Paginated[EventRow]),
    permission=VIEW,
    summary="Events: to come, over, all or the bin, drafts included",
)
def list_events(request: HttpRequest, query: Query[ListQuery]):
    rows = queries.panel_events(
        when=query.when,
        categories=_ids(CATEGORY_TARGET, query.category, "category"),
        services=_ids("service", getattr(query, "service", None), "service"),  # absent without services
        status=query.status,
        search=query.q,
        trashed=query.trashed,
    )
    listed = paginate(rows, query)
    language = get_language()
    listed["rows"] = event_rows(
        listed["rows"], language if is_site_language(language) else default_language()
    )
    return listed


@router.post(
    "", response=answers(201, EventOut | WrittenOut), permission=MANAGE, summary="Create a draft event"
)
def create_event(request: HttpRequest, payload: EventIn):
    created = operations.create_event(actor=request.user, values=payload.values())
    return Reply(201, event_changed(request.user, created))


@router.get(
    "/{event}",
    response=answers(200, EventWithPreviewOut),
    permission=VIEW,
    summary="One event, as the editor reads it, with a fresh preview link",
)
def get_event(request: HttpRequest, event: int):
    found = queries.find_event(event)
    return {
        **event_out(found),
        "preview": preview_link_out(
            queries.PREVIEW_TYPE, found, language=None, absolute=request.build_absolute_uri
        ),
    }


@router.put(
    "/{event}",
    response=answers(200, EventOut | WrittenOut, conflict=True),
    permission=MANAGE,
    summary="Save the draft (only the values given change)",
    description="A published event keeps showing its published values (dates, categories and services"
    " too) until Publish. A stale revision answers 409 and changes nothing.",
)
def save_event(request: HttpRequest, event: int, payload: EventSave):
    saved = operations.update_event(
        queries.find_event(event),
        actor=request.user,
        values=payload.values.values(),  # type: ignore[attr-defined]
        revision=payload.revision,
    )
    return event_changed(request.user, saved)


@router.post(
    "/{event}/duplicate",
    response=answers(201, EventOut | WrittenOut),
    permission=MANAGE,
    summary="A draft copy at the next free address (-2, -3), with values for the copy",
    description="Copies what the editor shows (every value, the categories, the services, the SEO card,"
    " the project fields, the same title), without history; `values` (the new dates, say) are saved"
    " into the copy in the same transaction. Answers the copy's form.",
)
def duplicate_event(request: HttpRequest, event: int, payload: DuplicateIn):
    values = payload.values.values() if payload.values is not None else None
    copy = operations.duplicate_event(queries.find_event(event), actor=request.user, values=values)
    return Reply(201, event_changed(request.user, copy))


versioned_routes(
    router,
    "/{event}",
    module=__name__,
    noun="event",
    view_permission=VIEW,
    manage_permission=MANAGE,
    find=queries.find_event,
    changed=event_changed,
    response=EventOut | WrittenOut,
    preview_type=queries.PREVIEW_TYPE,
    history=log_lines,
    steps={
        "publish": operations.publish_event,
        "unpublish": operations.unpublish_event,
        "discard": operations.discard_event,
    },
    restore_version=operations.restore_event_version,
)


bin_routes(
    router,
    "/{event}",
    module=__name__,
    noun="event",
    permission=MANAGE,
    find=queries.find_event,
    find_in_bin=lambda pk: queries.find_event(pk, in_bin=True),
    put_in_bin=operations.bin_event,
    restore=operations.restore_event,
    restored=event_changed,
    response=EventOut | WrittenOut,
    summaries=(
        "Move the event to the bin (its address is let go)",
        "Take the event out of the bin, in the state it had (refused under slug when its address was taken)",
    ),
)
