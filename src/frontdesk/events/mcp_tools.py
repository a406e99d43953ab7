"""The events' agent tools and the resource events://catalog (docs/events.md, "The agent tools"):
thin doors over the operations, queries and outputs.

events_list, events_get and the catalog need the scope events:read and the permission
events.view; events_create, events_update, events_duplicate, events_publish, events_unpublish and
events_delete need events:write and events.manage, and take `dry_run` (the server runs the call in
one transaction and rolls it back). Their parameters are the API's inputs (events/inputs.py),
spread as the tool's own. The descriptions of the tools that take dates name the application's
zone as it is when the tools are listed (a description given as a function, core/mcp/registry.py).
The category tools are the host's (categories/mcp_tools.py), behind events.categories.manage.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any, Literal

from django.apps import apps
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from pydantic import Field

from frontdesk.categories.mcp_tools import register_category_tools
from frontdesk.categories.queries import find_category
from frontdesk.core.api.pagination import PageQuery, paginate
from frontdesk.core.languages import default_language, is_site_language
from frontdesk.core.limits import DEFAULT_PER_PAGE, MAX_INTEGER, MAX_PER_PAGE
from frontdesk.core.mcp.registry import register_resource, register_tool
from frontdesk.core.serving import absolute_url
from frontdesk.events import operations, outputs, queries
from frontdesk.events.inputs import DuplicateIn, EventIn, EventValues, zone_help
from frontdesk.events.models import CATEGORY_TYPE
from frontdesk.events.permissions import MANAGE, MANAGE_CATEGORIES, VIEW
from frontdesk.publishing.outputs import preview_link_out
from frontdesk.publishing.relations import resolve_references
from frontdesk.publishing.schemas import StepIn

READ_SCOPE, WRITE_SCOPE = "events:read", "events:write"
SEARCH_MAX = 200

EventRef = Annotated[
    int | Annotated[str, Field(max_length=2000)],
    Field(
        description="The event: its id (7), or its address in any language (/events/pottery, "
        "/de/events/toepfern) or slug (pottery), as events_list shows them. Events in the bin are "
        "not found here.",
        examples=[7, "/events/pottery"],
    ),
]
CurrentRevision = Annotated[
    int,
    Field(
        ge=1,
        le=MAX_INTEGER,
        description="The revision events_get (or the last change) answered. A save over a newer "
        "revision is refused and changes nothing: read the event again and redo the change.",
    ),
]
Language = Annotated[
    str | None,
    Field(
        max_length=10,
        description="The language `when` and the category names are written in: a site language "
        "code (en, de, ...). Default: the site's default language.",
        examples=["de"],
    ),
]


def _language(code: str | None) -> str:
    if code is None or code == "":
        return default_language()
    if not is_site_language(code):
        raise ValidationError({"language": [_("Unknown language: %(codes)s.") % {"codes": code}]})
    return code


def events_list(
    actor,
    when: Annotated[
        Literal["upcoming", "past", "all"],
        Field(
            description="upcoming: events to come (not over; undated first, then the nearest); past: "
            "events that are over, the last first; all: every event, undated first, then the latest."
        ),
    ] = "upcoming",
    trashed: Annotated[
        bool, Field(description="true: the events in the bin instead (last binned first); `when` is ignored.")
    ] = False,
    category: Annotated[
        int | Annotated[str, Field(max_length=200)] | None,
        Field(
            description="Only the events in this category: its id or slug (event_categories_list). "
            "A category that does not exist is refused.",
            examples=[3, "yoga"],
        ),
    ] = None,
    service: Annotated[
        int | Annotated[str, Field(max_length=2000)] | None,
        Field(
            description="Only the events related to this service: its id or address (services_list). "
            "A service that does not exist is refused.",
            examples=[2, "/services/garden-design"],
        ),
    ] = None,
    status: Annotated[
        Literal["draft", "published", "changed", "unpublished"] | None,
        Field(
            description="Only this state: draft, published, changed (published with edits) or unpublished."
        ),
    ] = None,
    search: Annotated[
        str,
        Field(
            max_length=SEARCH_MAX,
            description="Words found in the title, the address or the lead, any language.",
        ),
    ] = "",
    language: Language = None,
    page: Annotated[int, Field(ge=1, le=MAX_INTEGER, description="Page number, from 1.")] = 1,
    per_page: Annotated[
        int, Field(ge=1, le=MAX_PER_PAGE, description=f"Events per page, 1-{MAX_PER_PAGE}.")
    ] = DEFAULT_PER_PAGE,
) -> dict[str, Any]:
    code = _language(language)
    categories = [find_category(CATEGORY_TYPE, category).pk] if category is not None else None
    services = resolve_references("service", [service], field="service") if service is not None else None
    rows = queries.panel_events(
        when=when, categories=categories, services=services, status=status, search=search, trashed=trashed
    )
    answer = paginate(rows, PageQuery(page=page, per_page=per_page))
    answer["rows"] = outputs.event_rows(answer["rows"], code)
    return answer


def events_get(actor, event: EventRef) -> dict[str, Any]:
    found = queries.find_event(event)
    return {
        "event": outputs.event_out(found),
        "preview": preview_link_out(queries.PREVIEW_TYPE, found, language=None, absolute=absolute_url),
    }


def events_create(actor, values: EventIn) -> dict[str, Any]:
    created = operations.create_event(actor=actor, values=values.values())
    return {"event": outputs.event_changed(actor, created)}


def events_update(actor, event: EventRef, revision: CurrentRevision, values: EventValues) -> dict[str, Any]:  # type: ignore[valid-type]
    changed = operations.update_event(
        queries.find_event(event),
        actor=actor,
        values=values.values(),  # type: ignore[attr-defined]
        revision=revision,
    )
    return {"event": outputs.event_changed(actor, changed)}


def events_duplicate(actor, event: EventRef, duplicate: DuplicateIn) -> dict[str, Any]:
    given = duplicate.values
    copy = operations.duplicate_event(
        queries.find_event(event), actor=actor, values=given.values() if given is not None else None
    )
    return {"event": outputs.event_changed(actor, copy)}


def events_publish(actor, event: EventRef, step: StepIn) -> dict[str, Any]:
    published = operations.publish_event(queries.find_event(event), actor=actor, revision=step.revision)
    return {"event": outputs.event_changed(actor, published)}


def events_unpublish(actor, event: EventRef, step: StepIn) -> dict[str, Any]:
    unpublished = operations.unpublish_event(queries.find_event(event), actor=actor, revision=step.revision)
    return {"event": outputs.event_changed(actor, unpublished)}


def events_delete(actor, event: EventRef) -> dict[str, Any]:
    binned = operations.bin_event(queries.find_event(event), actor=actor)
    return {"binned": outputs.event_changed(actor, binned)}


def events_catalog(actor) -> dict[str, Any]:
    return outputs.catalog()


# --- Descriptions -----------------------------------------------------------------------------

NAMING = (
    "An event is named by its id or its address (/events/pottery) or slug; a category by id or slug; "
    "a service by id or address."
)
VALUES = (
    "Values: title, slug, lead, description (rich text HTML), date_note, price (words) are texts per "
    'language ({"en": ..., "de": ...}); a plain string is the site\'s default language, also for a '
    "highlight card's heading and line. starts_at, ends_at, all_day, format (in-person, online, both), "
    "venue, address, map_url, price_amount (a number, for search engines), booking_url, photos "
    "(picture keys, pictures_list; the first is the cover), highlights (What to expect: the whole list "
    "of cards {heading, line}), categories (ids or slugs, event_categories_list), "
    "{services}seo (the SEO card) and extra (the site's project fields)."
)
ROW = (
    "Each row: id, title per language and title_text, address, when (the date as the site prints it, "
    "in `language`), starts_at, ends_at, all_day, over, state (draft, published, changed = published "
    "with edits waiting, unpublished), categories [{id, name}], cover, updated_at, deleted_at."
)
ANSWER = (
    "Answers {event: {id, state, revision, pending (the values waiting in the draft), values, prefix, "
    "addresses, ...}}."
)


def _values_help() -> str:
    services = (
        "services (ids or addresses, services_list, in the order the page prints them), "
        if apps.is_installed("frontdesk.services")
        else ""
    )
    return VALUES.replace("{services}", services)


def create_help() -> str:
    return (
        "Create an event as a draft (not on the site until events_publish), in one transaction: any "
        "refused value stores nothing. title is required; without slug the title makes the address. "
        f"Dates: {zone_help()} "
        f"{_values_help()} {NAMING} To give an existing event another date, do not create a second "
        "event: call events_duplicate with that event and the new starts_at and ends_at (it copies "
        f"everything, at the next free address, -2, -3). {ANSWER}"
    )


def update_help() -> str:
    return (
        "Save values into an event's draft, with the revision you read (events_get); only the values "
        "given change (a text per language changes the languages it names). A draft stays a draft; a "
        "published event becomes changed (published with edits) and the site shows the old values "
        f"until events_publish. Dates: {zone_help()} {_values_help()} {NAMING} {ANSWER}"
    )


def duplicate_help() -> str:
    return (
        "Copy an event into a new draft: every value, the categories, the services, the SEO card, "
        "project fields and the same title, at the next free address (pottery-2, pottery-3, in every "
        "language), without history, in one transaction. The copy is made from what the editor shows "
        "(the draft). values (the same keys as events_update's, all optional) are saved into the copy "
        'at once: give {"starts_at": ..., "ends_at": ...} to make the same event at another date. '
        f"Dates: {zone_help()} {NAMING} Answers the copy as {{event: ...}}."
    )


READ = {"scope": READ_SCOPE, "permission": VIEW}
WRITE = {"scope": WRITE_SCOPE, "permission": MANAGE, "changes": True}
TOOLS: list[tuple[Callable[..., Any], dict[str, Any], str | Callable[[], str]]] = [
    (events_list, READ, "The events, a page at a time, drafts included: to come (the default), past or "
     "all, or the bin with trashed=true; filter by category, service, state and words. An event with "
     "edits waiting is placed and filtered by what the site shows. Answers {rows, current_page, "
     "per_page, total, last_page}. " + ROW),
    (events_get, READ, "One event in full, as the editor reads it: {event: {id, state, revision (give "
     "it to events_update), pending (the values waiting in the draft), values (every value: the draft "
     "over the published ones; moments in ISO 8601 with the zone's offset, an all-day event's as its "
     "first and last day), prefix, addresses (per language, what the site answers at now), created_at, "
     "updated_at, deleted_at}, preview: {url, path, expires_at} (a link showing the draft on the site "
     "to a signed-in account with events.view, for an hour)}. " + NAMING),
    (events_create, WRITE, create_help),
    (events_update, WRITE, update_help),
    (events_duplicate, WRITE, duplicate_help),
    (events_publish, WRITE, "Publish an event's draft: the site shows its values at its address (a "
     "changed slug keeps the old address answering 301), and a version is kept. revision, when given, "
     "must be the current one. " + NAMING + " " + ANSWER),
    (events_unpublish, WRITE, "Take a published event off the site: its page and calendar file answer "
     "404; its values and any edits waiting stay. revision, when given, must be the current one. "
     + NAMING + " " + ANSWER),
    (events_delete, WRITE, "Put an event into the bin: off the site, its addresses free at once for "
     "another event or category; the panel's Bin restores it. " + NAMING + " Answers {binned: the event}."),
]  # fmt: skip


def _without_services(fn: Callable[..., Any]) -> Callable[..., Any]:
    """events_list without its `service` parameter: the site has no services module."""
    signature = inspect.signature(fn, eval_str=True)

    def call(actor, **params: Any) -> Any:
        return fn(actor, **params)

    call.__name__ = fn.__name__
    call.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[param for param in signature.parameters.values() if param.name != "service"]
    )
    return call


def register_event_tools() -> None:
    """Registered from EventsConfig.ready()."""
    with_services = apps.is_installed("frontdesk.services")
    for fn, options, description in TOOLS:
        tool = fn if with_services or fn is not events_list else _without_services(fn)
        register_tool(fn.__name__, tool, description=description, **options)
    register_category_tools(
        "event_categories",
        CATEGORY_TYPE,
        scope=WRITE_SCOPE,
        read_scope=READ_SCOPE,
        permission=MANAGE_CATEGORIES,
    )
    register_resource(
        "events://catalog",
        events_catalog,
        name="events_catalog",
        scope=READ_SCOPE,
        permission=VIEW,
        description="The events at a glance: every event category in its order (off-site ones too, "
        "is_shown false), each with its events to come (drafts included; id, title, state, when "
        "as the site prints it in the default language, starts_at, ends_at, all_day, address, "
        "written_in = the language codes the title is written in) and over = how many of its events "
        "are over; then uncategorized, the events to come in no category and how many such are "
        "over; then time_zone (the application's zone, which dates without an offset are read in), "
        "currency (the site's ISO 4217 code of numeric prices, or empty) and language (of when and "
        "the names). An event in two categories is under both. Events in the bin are left out.",
    )
