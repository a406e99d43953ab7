"""The public layout's tags: {% load site %} in site templates.

{% site_name %}                       settings.SITE_NAME
{% language_links as languages %}     this page in every site language: code, name_local,
                                      url (same page, that language's prefix), current
{% site_menu as menu %}               the site's navigation in the page's language (MenuItem:
                                      title, url), from the modules' menus (core/navigation.py)
"""

from __future__ import annotations

from django import template
from django.conf import settings
from django.urls import translate_url
from django.utils.translation import get_language, get_language_info

from frontdesk.core.navigation import MenuItem, menu_items
from frontdesk.core.routes.serving import addresses_of

register = template.Library()


@register.simple_tag
def site_name() -> str:
    return settings.SITE_NAME


@register.simple_tag(takes_context=True)
def language_links(context) -> list[dict]:
    """The page in each site language; none for the answer to a post (its address takes no GET)."""
    request = context["request"]
    if request.method not in ("GET", "HEAD"):
        return []
    query = request.META.get("QUERY_STRING", "")
    current = get_language()
    # An object's page (core/routes) has its own address per language, slug and all.
    routed = getattr(request, "routed_object", None)
    addresses = addresses_of(routed) if routed is not None else {}
    links = []
    for code, _name in settings.LANGUAGES:
        url = addresses.get(code) or translate_url(request.path, code)
        links.append(
            {
                "code": code,
                "name_local": get_language_info(code)["name_local"],
                "url": f"{url}?{query}" if query else url,
                "absolute_url": request.build_absolute_uri(url),
                "current": code == current,
            }
        )
    return links


@register.simple_tag
def site_menu() -> list[MenuItem]:
    return menu_items(get_language())
