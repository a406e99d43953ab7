"""The Events section's list at /cms/events/: tabs Upcoming (the default), Past, All and Bin, the
filters (category, service with the services module, state, words) and pages of 25, all carried
in the address, so a link, a reload and the browser's Back restore what was shown. The rows are
queries.panel_events printed by outputs.event_rows (the API's and the agents' row too); every
change is written by static/events/panel/list.js through the panel API (/api/cms/events)."""

from __future__ import annotations

from datetime import date, datetime, time
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from frontdesk.categories.queries import categories_of
from frontdesk.core.languages import default_language, translate
from frontdesk.core.limits import MAX_ID
from frontdesk.core.panel.access import panel_page
from frontdesk.events import outputs, queries
from frontdesk.events.dates import print_when
from frontdesk.events.models import CATEGORY_TYPE
from frontdesk.events.permissions import MANAGE
from frontdesk.publishing.models import ON_SITE, State
from frontdesk.publishing.relation_targets import choices_for

PER_PAGE = 25
TABS = ("upcoming", "past", "all", "bin")
ID_SLOT = 987654321  # stands for an id in the address templates the script fills in


def _tabs() -> list[tuple[str, str]]:
    return [("upcoming", _("Upcoming")), ("past", _("Past")), ("all", _("All")), ("bin", _("Bin"))]


def _chosen_id(value: str, known: set[int]) -> int | None:
    """A filter's id from the address, when it names one of `known` (else no filter)."""
    value = value.strip()
    if value.isdigit() and 0 < int(value) <= MAX_ID and int(value) in known:
        return int(value)
    return None


def _editor_address() -> str:
    """The editor's address with {id} for the scripts: its route when the section has it, else
    where it will answer (<list>/<id>/, the decided pattern)."""
    try:
        address = reverse("panel:panel-events:editor", args=[ID_SLOT])
    except NoReverseMatch:
        return reverse("panel:panel-events:list") + "{id}/"
    return address.replace(str(ID_SLOT), "{id}")


def _exact(text: str | None, all_day: bool, language: str) -> str:
    """A row's moment (ISO 8601 in the application's zone, a day for an all-day event) written
    out by the one date helper in the panel's language: "12 March 2027, 18:00", "3 May 2027"."""
    if not text:
        return ""
    if all_day:
        moment = timezone.make_aware(datetime.combine(date.fromisoformat(text), time()))
    else:
        moment = datetime.fromisoformat(text)
    return print_when(moment, all_day=all_day, language=language)


def _services(request: HttpRequest) -> list[tuple[int, str]] | None:
    """The service filter's choices, the services in their editors' order: None without the
    services module, or for an account that may not read the services (their names are the
    services section's to show): the relation target's choices (publishing/relation_targets.py)."""
    return choices_for("service", request.user)


@panel_page("events")
def event_list(request: HttpRequest) -> HttpResponse:
    language = get_language() or default_language()
    tab = request.GET.get("tab", "")
    tab = tab if tab in TABS else "upcoming"
    in_bin = tab == "bin"
    categories = [
        (category.pk, translate(category.name, language)) for category in categories_of(CATEGORY_TYPE)
    ]
    offered = _services(request)
    services = offered or []
    category = _chosen_id(request.GET.get("category", ""), {pk for pk, _name in categories})
    service = _chosen_id(request.GET.get("service", ""), {pk for pk, _name in services})
    state = request.GET.get("state", "")
    state = state if state in State.values else ""
    search = request.GET.get("q", "")[:200].replace("\x00", "").strip()

    events = queries.panel_events(
        when="all" if in_bin else tab,
        categories=[category] if category else None,
        services=[service] if service else None,
        status=state or None,
        search=search,
        trashed=in_bin,
    )
    listing = Paginator(events, PER_PAGE).get_page(request.GET.get("page"))
    shown = list(listing.object_list)
    rows = outputs.event_rows(shown, language)
    editor = _editor_address()
    for row in rows:
        row["editor"] = editor.replace("{id}", str(row["id"]))
        row["on_site"] = row["state"] in ON_SITE
        row["starts_text"] = _exact(row["starts_at"], row["all_day"], language)
        row["ends_text"] = _exact(row["ends_at"], row["all_day"], language)

    # What the address carries besides the tab and the page: kept by every tab and pager link.
    filters = {"category": category or "", "service": service or "", "state": state, "q": search}

    def address(**changes: Any) -> str:
        values = {"tab": tab, **filters, **changes}
        if values["tab"] == "upcoming":
            values["tab"] = ""
        return "?" + urlencode({key: value for key, value in values.items() if value not in ("", None, 1)})

    context: dict[str, Any] = {
        "tab": tab,
        "in_bin": in_bin,
        "tabs": [(key, label, address(tab=key, page=None)) for key, label in _tabs()],
        "category": category,
        "service": service,
        "state": state,
        "search": search,
        "categories": categories,
        "services": services,
        "with_services": offered is not None,
        "states": State.choices,
        "filtered": bool(category or service or state or search),
        # The paginator structure every list answers with (the API's too).
        "listing": {
            "rows": list(zip(rows, shown, strict=True)),
            "current_page": listing.number,
            "per_page": PER_PAGE,
            "total": listing.paginator.count,
            "last_page": listing.paginator.num_pages,
        },
        "previous_page": address(page=listing.previous_page_number()) if listing.has_previous() else None,
        "next_page": address(page=listing.next_page_number()) if listing.has_next() else None,
        "can_manage": request.user.has_perm(MANAGE),
        "api": reverse("cms-api:list_events"),
        "editor_address": editor,
        "default_language": default_language(),
        "time_zone": settings.TIME_ZONE,
    }
    return render(request, "events/panel/list.html", context)
