"""Panel section: Settings, one screen per settings group. The form saves through
PUT /api/cms/settings/<group> (js/pages/settings.js); a secret's value is never put in the page,
only whether it is set."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from frontdesk.core.languages import site_language_codes
from frontdesk.core.panel.access import panel_page
from frontdesk.pictures.controls import picture_control
from frontdesk.sitesettings.reading import stored_values
from frontdesk.sitesettings.registry import GROUPS, Group, all_groups


def _controls(group: Group) -> list[dict[str, Any]]:
    """Each setting as the template prints it, with its value (a secret: only whether it is set)."""
    stored = stored_values(group.name)
    controls = []
    for setting in group.settings:
        control = {**setting.describe(), "id": f"setting-{setting.name}"}
        if setting.secret:
            control["is_set"] = bool(stored.secret(setting.name))
        elif setting.kind == "translated_text":
            texts = stored.values[setting.name]
            control["texts"] = [(code, texts.get(code, "")) for code in site_language_codes()]
        elif setting.kind == "link_list":
            control["value"] = "\n".join(stored.values[setting.name])
        elif setting.kind == "picture":
            control["picture"] = picture_control(
                stored.values[setting.name],
                id=control["id"],
                name=f"values.{setting.name}",
                label=setting.label,
                hint=setting.help,
                error_key=setting.name,
            )
        else:
            control["value"] = stored.values[setting.name]
        controls.append(control)
    return controls


def _page(request: HttpRequest, group: Group) -> HttpResponse:
    context = {
        "groups": all_groups(),
        "group": group,
        "controls": _controls(group),
        "revision": stored_values(group.name).revision,
        "api": reverse("cms-api:put_group", args=[group.name]),
    }
    return render(request, "panel/settings.html", context)


@panel_page("settings")
def index(request: HttpRequest) -> HttpResponse:
    groups = all_groups()
    if not groups:
        raise Http404
    return _page(request, groups[0])


@panel_page("settings")
def group_page(request: HttpRequest, group: str) -> HttpResponse:
    found = GROUPS.get(group)
    if found is None:
        raise Http404
    return _page(request, found)
