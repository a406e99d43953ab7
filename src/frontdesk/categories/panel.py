"""The Categories screen, made per category type and mounted by the owning module as a panel section
of its own (docs/host.md, "Shared categories"):

    # frontdesk/faq/panel/category_urls.py
    urlpatterns = category_urlpatterns("faq", section="faq-categories")

    # FaqConfig.ready()
    register_section(category_section("faq", key="faq-categories", urlconf="frontdesk.faq.panel.category_urls",
                                      group=_("FAQ")))

The screen lists the categories in order (drag, or the move buttons and Alt+Arrow keys) with their
item counts, edits one at a time beside the list (names per language, shown flag, and for a type
with addresses slug, introduction (rich text), cover and the SEO card; the project-fields card), deletes with the refusal shown,
and has a Bin tab. Every write goes through the type's API router (`api.category_router`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import URLPattern, path, reverse
from django.utils.functional import Promise
from django.utils.translation import gettext as _

from frontdesk.categories.api import url_names
from frontdesk.categories.models import Category
from frontdesk.categories.queries import CategoryRow, category_rows, category_type
from frontdesk.core.errors import NotFound
from frontdesk.core.limits import MAX_ID
from frontdesk.core.panel.access import panel_page
from frontdesk.core.panel.profile_views import language_choices
from frontdesk.core.panel.sections import Section
from frontdesk.pictures.controls import picture_control
from frontdesk.publishing.project_fields.panel import card_fields
from frontdesk.publishing.seo_card import card_controls

ID_SLOT = 987654321  # stands for an id in the address templates the script fills in
# type name -> the panel section its Categories screen is mounted in (category_urlpatterns).
_SECTIONS: dict[str, str] = {}


def category_section(
    type_name: str,
    *,
    key: str,
    urlconf: str,
    label: str | Promise | None = None,
    group: str | Promise | None = None,
    order: int = 100,
    path: str | None = None,
    icon: str = "square",
    permission: str | None = None,
) -> Section:
    """The panel section of a type's Categories screen, behind `permission` (default the type's)."""
    kind = category_type(type_name)
    return Section(
        key=key,
        label=label or kind.label,
        urlconf=urlconf,
        icon=icon,
        permission=permission or kind.permission,
        order=order,
        group=group,
        path=path,
    )


def _texts(value: dict | None, languages: list[tuple[str, str]]) -> list[dict[str, str]]:
    return [{"code": code, "name": name, "text": (value or {}).get(code, "")} for code, name in languages]


def _api(type_name: str) -> dict[str, str]:
    list_name, one_name, _picker = url_names(type_name)
    one = reverse(f"cms-api:{one_name}", kwargs={"category": ID_SLOT}).replace(str(ID_SLOT), "{id}")
    return {"list": reverse(f"cms-api:{list_name}"), "one": one}


def _chosen(request: HttpRequest, rows: list[CategoryRow]) -> CategoryRow | None:
    wanted = request.GET.get("category", "")
    if not wanted:
        return None
    if not wanted.isdigit() or not 0 < int(wanted) <= MAX_ID:
        raise NotFound()
    found = next((row for row in rows if row.category.pk == int(wanted)), None)
    if found is None:
        raise NotFound()
    return found


def categories_screen(request: HttpRequest, type_name: str, section: str) -> HttpResponse:
    kind = category_type(type_name)
    rows = category_rows(type_name)
    chosen = _chosen(request, rows)
    category = chosen.category if chosen else Category(type=type_name)
    languages = language_choices()
    context: dict[str, Any] = {
        "kind": kind,
        "rows": rows,
        "chosen": chosen,
        "category": category,
        "creating": chosen is None,
        "languages": languages,
        "names": _texts(category.name, languages),
        "slugs": _texts(category.slug, languages),
        "introductions": _texts(category.introduction, languages),
        "cover": (
            picture_control(
                category.cover,
                id="fd-categories-cover",
                name="cover",
                label=_("Cover"),
                hint=_("A picture from the library, shown on the category's page."),
            )
            if kind.has_addresses
            else None
        ),
        "seo_card": card_controls(category.seo) if kind.has_addresses else None,
        "project_fields": card_fields(kind.screen, category.extra, languages),
        "api": _api(type_name),
        "screen_url": reverse(f"panel:panel-{section}:categories"),
        "bin_url": reverse(f"panel:panel-{section}:bin"),
        "tab": "categories",
    }
    return render(request, "panel/categories/screen.html", context)


def bin_screen(request: HttpRequest, type_name: str, section: str) -> HttpResponse:
    kind = category_type(type_name)
    context = {
        "kind": kind,
        "rows": category_rows(type_name, trashed=True),
        "api": _api(type_name),
        "screen_url": reverse(f"panel:panel-{section}:categories"),
        "bin_url": reverse(f"panel:panel-{section}:bin"),
        "tab": "bin",
    }
    return render(request, "panel/categories/bin.html", context)


def _page(view: Callable[..., HttpResponse], type_name: str, section: str, permission: str | None):
    def page(request: HttpRequest) -> HttpResponse:
        return view(request, type_name, section)

    page.__name__ = page.__qualname__ = f"{view.__name__}_{type_name.replace('-', '_')}"
    page.__doc__ = view.__doc__
    return panel_page(section, permission)(page)


def category_urlpatterns(type_name: str, *, section: str, permission: str | None = None) -> list[URLPattern]:
    """The Categories screen ("") and its Bin tab ("bin/") of the type, in the panel section `section`
    (its key), asking `permission` beside the section's (default the type's)."""
    needed = permission or category_type(type_name).permission
    _SECTIONS[type_name] = section
    return [
        path("", _page(categories_screen, type_name, section, needed), name="categories"),
        path("bin/", _page(bin_screen, type_name, section, needed), name="bin"),
    ]


def category_edit_url(category: Category) -> str | None:
    """The panel address of a category's editor, where its type's module mounted the screen; None
    when no module did (a type without a screen)."""
    from django.urls import NoReverseMatch, get_resolver

    get_resolver().url_patterns  # noqa: B018  (loads the panel's urlconfs, which mount the screens)
    section = _SECTIONS.get(category.type)
    if section is None:
        return None
    try:
        return f"{reverse(f'panel:panel-{section}:categories')}?category={category.pk}"
    except NoReverseMatch:
        return None
