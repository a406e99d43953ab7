"""The Services section: the list in the editors' order (drag and keyboard), the editor, and the
bin. The pages render the current values; every change is written by their scripts through the
panel JSON API (/api/cms/services), as DESIGN.md asks."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from frontdesk.core.languages import default_language
from frontdesk.core.panel.access import panel_page
from frontdesk.core.panel.profile_views import language_choices
from frontdesk.pictures.controls import picture_control
from frontdesk.publishing.project_fields.panel import card_fields
from frontdesk.publishing.seo_card import card_controls
from frontdesk.services import outputs, queries
from frontdesk.services.conf import services_prefix
from frontdesk.services.models import LEAD_MAX, SLUG_MAX, TITLE_MAX, Service
from frontdesk.services.panel.screens import SERVICE_FORM
from frontdesk.services.permissions import MANAGE

ID_SLOT = 987654321  # stands for an id in address templates the scripts fill in


def _api() -> str:
    return reverse("cms-api:list_services")


def _common(request: HttpRequest, tab: str) -> dict:
    return {
        "tab": tab,
        "can_manage": request.user.has_perm(MANAGE),
        "api": _api(),
        "edit_address": reverse("panel:panel-services:edit", args=[ID_SLOT]).replace(str(ID_SLOT), "{id}"),
    }


@panel_page("services")
def service_list(request: HttpRequest) -> HttpResponse:
    context = _common(request, "list")
    services = outputs.services_out(queries.in_order())
    for service in services:
        # The list names one address: the default language's (every other language's is a
        # variant of it), else the first the service has.
        addresses = service["addresses"]
        service["address"] = addresses.get(default_language()) or next(iter(addresses.values()), "")
    context["services"] = services
    return render(request, "services/panel/list.html", context)


@panel_page("services")
def service_bin(request: HttpRequest) -> HttpResponse:
    context = _common(request, "bin")
    context["services"] = list(queries.in_order(trashed=True))
    return render(request, "services/panel/bin.html", context)


def _texts(service: Service | None, name: str, languages) -> list[dict]:
    value = getattr(service, name, None) or {}
    return [{"code": code, "name": language, "text": value.get(code, "")} for code, language in languages]


def _editor(request: HttpRequest, service: Service | None) -> HttpResponse:
    languages = language_choices()
    context = _common(request, "list")
    context.update(
        service=service,
        data=outputs.service_out(service) if service else None,
        languages=languages,
        default_language=settings.LANGUAGE_CODE,
        titles=_texts(service, "title", languages),
        slugs=_texts(service, "slug", languages),
        leads=_texts(service, "lead", languages),
        descriptions=_texts(service, "description", languages),
        cover=picture_control(
            service.cover if service else "",
            id="services-cover",
            name="cover",
            label=_("Cover"),
            hint=_("A picture from the library, shown at the top of the service's page and on its card."),
        ),
        seo_card=card_controls(service.seo if service else None),
        prefix=services_prefix(),
        limits={"title": TITLE_MAX, "slug": SLUG_MAX, "lead": LEAD_MAX},
        project_fields=card_fields(SERVICE_FORM.id, service.extra if service else {}, languages),
        list_address=reverse("panel:panel-services:list"),
    )
    return render(request, "services/panel/editor.html", context)


@panel_page("services", MANAGE)
def service_new(request: HttpRequest) -> HttpResponse:
    return _editor(request, None)


@panel_page("services", MANAGE)
def service_edit(request: HttpRequest, service: int) -> HttpResponse:
    return _editor(request, queries.find_service(service))
