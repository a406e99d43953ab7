"""Panel section: Pages. The list (search, state, a Bin tab, the menu's order) and the editor
(Content, Settings, SEO, History, the Preview link), server-rendered from the queries; every write goes through the API
(/api/cms/pages) from pages/static/pages/*.js."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language_info

from frontdesk.core.languages import default_language, site_language_codes
from frontdesk.core.panel.access import panel_page
from frontdesk.pages import queries
from frontdesk.pages.outputs import log_lines, page_out
from frontdesk.pages.permissions import MANAGE
from frontdesk.pages.queries import PREVIEW_TYPE
from frontdesk.publishing.models import State
from frontdesk.publishing.outputs import version_list
from frontdesk.publishing.preview import preview_link
from frontdesk.publishing.project_fields.panel import card_fields
from frontdesk.publishing.seo_card import card_controls

PER_PAGE = 25


def _languages() -> list[tuple[str, str]]:
    return [(code, get_language_info(code)["name_local"]) for code in site_language_codes()]


@panel_page("pages")
def page_list(request: HttpRequest) -> HttpResponse:
    in_bin = request.GET.get("bin") == "1"
    state = request.GET.get("state", "")
    state = state if state in State.values else ""
    search = request.GET.get("q", "")[:200].replace("\x00", "")
    rows = queries.page_list(state=state or None, search=search, trashed=in_bin)
    listing = Paginator(rows, PER_PAGE).get_page(request.GET.get("page"))
    found = queries.addresses(list(listing), default_language())
    context: dict[str, Any] = {
        "in_bin": in_bin,
        "state": state,
        "search": search,
        "states": State.choices,
        "listing": listing,
        "rows": [(page, found.get(page.pk)) for page in listing],
        "menu": list(queries.menu_rows()),
        "may_manage": request.user.has_perm(MANAGE),
        "api": reverse("cms-api:create_page"),
        "menu_api": reverse("cms-api:sort_menu"),
        "languages": _languages(),
    }
    return render(request, "pages/panel/list.html", context)


@panel_page("pages")
def editor(request: HttpRequest, page: int) -> HttpResponse:
    found = queries.find_page(page)
    shown = page_out(found)
    languages = [
        {
            "code": code,
            "name": name,
            "title": shown["title"].get(code, ""),
            "slug": shown["slug"].get(code, ""),
            "blocks": shown["content"].get(code, []),
            # A language without a list of its own shows the default language's (Page.blocks_in).
            "borrows_blocks": code != default_language() and code not in shown["content"],
            "data_id": f"pages-blocks-data-{code}",
            "editor_id": f"pages-blocks-{code}",
            "input_name": f"content.{code}",
            "address": shown["addresses"].get(code),
        }
        for code, name in _languages()
    ]
    context = {
        "page": found,
        "shown": shown,
        "languages": languages,
        "may_manage": request.user.has_perm(MANAGE),
        "project_fields": card_fields("pages.form", shown["extra"], _languages()),
        "extra_json": shown["extra"],
        "versions": version_list(found),
        "log": log_lines(found),
        "seo_card": card_controls(shown["seo"]),
        "preview_url": preview_link(PREVIEW_TYPE, found, language=default_language()),
        "preview_api": reverse("cms-api:preview_page", args=[found.pk]),
        "api": reverse("cms-api:get_page", args=[found.pk]),
        "list_url": reverse("panel:panel-pages:index"),
    }
    return render(request, "pages/panel/editor.html", context)
