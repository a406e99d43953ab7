"""The event editor at /cms/events/<id>/ (docs/events.md, "The panel: the editor"): four tabs,
Event (when, where, booking, photos, description, what to expect), Settings (title, address, lead,
categories, services, project fields), SEO and History, server-rendered from `event_out` (the
values the API answers, so the page and a GET agree); every write goes through the API
(/api/cms/events) from events/static/events/panel/editor.js and the host's versioned editor."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language_info
from django.utils.translation import gettext_lazy as _

from frontdesk.core.languages import default_language, site_language_codes
from frontdesk.core.panel.access import panel_page
from frontdesk.events import queries
from frontdesk.events.conf import events_prefix
from frontdesk.events.models import LEAD_MAX_LENGTH, Format
from frontdesk.events.outputs import event_out, log_lines
from frontdesk.events.panel.screens import EVENT_FORM
from frontdesk.events.permissions import MANAGE
from frontdesk.pictures.controls import gallery_control
from frontdesk.publishing.outputs import version_list
from frontdesk.publishing.preview import preview_link
from frontdesk.publishing.project_fields.panel import card_fields
from frontdesk.publishing.relation_targets import choices_for
from frontdesk.publishing.seo_card import card_controls
from frontdesk.routes.serving import public_path

# The values written per language; a language "is written" when one of them has a text in it.
TRANSLATED = ("title", "slug", "lead", "date_note", "price", "description")


def _languages() -> list[tuple[str, str]]:
    return [(code, get_language_info(code)["name_local"]) for code in site_language_codes()]


def input_value(moment: str | None, all_day: bool) -> str:
    """The value of the Starts or Ends input for the API's moment: an all-day event's date as it
    is ("2027-05-03"), another's wall time in the application's zone without the offset
    ("2027-03-12T18:00", seconds only when there are some), as <input type="datetime-local">
    takes it. The browser's own zone never enters: the server reads it back in the application's."""
    if not moment:
        return ""
    if all_day:
        return moment[:10]
    wall = moment[:19]
    return wall[:16] if wall.endswith(":00") else wall


def _written(values: dict[str, Any], code: str) -> bool:
    texts = [values.get(name) or {} for name in TRANSLATED]
    cards = [card.get(key) or {} for card in values.get("highlights") or [] for key in ("heading", "line")]
    return any(isinstance(found, dict) and found.get(code) for found in texts + cards)


def _service_choices(
    chosen: list[int], offered: list[tuple[int, str]]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(the event's services in its order, the others to add), from the relation target's choices."""
    names = dict(offered)
    picked = [{"id": pk, "name": names.get(pk, f"#{pk}")} for pk in chosen]
    others = [{"id": pk, "name": name} for pk, name in offered if pk not in chosen]
    return picked, others


@panel_page("events")
def editor(request: HttpRequest, event: int) -> HttpResponse:
    found = queries.find_event(event)
    shown = event_out(found)
    values = shown["values"]
    all_day = bool(values["all_day"])
    prefix = events_prefix()
    languages = [
        {
            "code": code,
            "name": name,
            "written": _written(values, code),
            "prefix": public_path(code, prefix).rstrip("/") + "/",
            "address": shown["addresses"].get(code),
            **{key: (values.get(key) or {}).get(code, "") for key in TRANSLATED},
        }
        for code, name in _languages()
    ]
    # With the services module, for an account that may read the services (their names are the
    # services section's to show, as the list's filter); without the field a save keeps them.
    offered = choices_for("service", request.user) if "services" in values else None
    services = offered is not None
    picked, others = _service_choices(values["services"], offered or []) if services else ([], [])
    context = {
        "event": found,
        "shown": shown,
        "values": values,
        "languages": languages,
        "default_language": default_language(),
        "may_manage": request.user.has_perm(MANAGE),
        "zone": timezone.get_default_timezone_name(),
        "all_day": all_day,
        "starts": input_value(values["starts_at"], all_day),
        "ends": input_value(values["ends_at"], all_day),
        "formats": Format.choices,
        "lead_limit": LEAD_MAX_LENGTH,
        "photos": gallery_control(values["photos"], id="events-photos", name="photos", label=_("Photos")),
        "highlights": values["highlights"],
        "categories": values["categories"],
        "picker_api": reverse("cms-api:categories-events-picker"),
        "with_services": services,
        "services_picked": picked,
        "services_others": others,
        "project_fields": card_fields(EVENT_FORM.id, values["extra"], _languages()),
        "extra": values["extra"],
        "seo_card": card_controls(values["seo"]),
        "versions": version_list(found),
        "log": log_lines(found),
        "preview_url": preview_link(queries.PREVIEW_TYPE, found, language=default_language()),
        "preview_api": reverse("cms-api:preview_event", args=[found.pk]),
        "api": reverse("cms-api:get_event", args=[found.pk]),
        "list_url": reverse("panel:panel-events:list"),
        "editor_url": reverse("panel:panel-events:editor", args=[0]),
    }
    return render(request, "events/panel/editor.html", context)
