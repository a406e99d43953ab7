"""A service's public page, answered by routes at its address in each language, through the
site's layout (publishing/head.render_page): its SEO card in the head (the title, the description or
else the lead; canonical and alternates are its own addresses), a breadcrumb Home › service, the
cover with every size, and the rich-text description."""

from __future__ import annotations

from django.db.models import Model
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from frontdesk.core.languages import translate
from frontdesk.pictures.queries import resolve_pictures
from frontdesk.publishing.head import breadcrumb, render_page
from frontdesk.publishing.seo_card import contribute_seo_card
from frontdesk.richtext.cleaning import rich_text_picture_keys
from frontdesk.richtext.rendering import render_rich_text
from frontdesk.services.models import Service
from frontdesk.services.outputs import picture_out, service_card


def service_page(request: HttpRequest, service: Model) -> HttpResponse:
    """The page of a visible service; a hidden one is a 404 (one in the bin has no address)."""
    assert isinstance(service, Service)  # the route type "service" hands over its own rows
    if not service.is_published:
        raise Http404
    language = get_language()
    description = translate(service.description, language)
    # The cover and the description's pictures in one query.
    pictures = resolve_pictures(
        {service.cover, *rich_text_picture_keys(description)} - {""}, language=language
    )
    card = service_card(service, language, request.path, pictures)
    contribute_seo_card(
        request, service.seo, title=service.title, description=service.lead, language=language
    )
    breadcrumb(request, [(_("Home"), reverse("site:home")), (card["title"], None)])
    context = {
        "service": service,
        "card": card,
        "cover": picture_out(pictures.get(service.cover)),
        "description": render_rich_text(description, language=language, pictures=pictures),
    }
    return render_page(request, "services/site/service.html", context)
