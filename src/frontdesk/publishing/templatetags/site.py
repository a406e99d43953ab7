"""The public layout's tags: {% load site %} in site templates.

{% site_name %}                       the SEO group's site name in the page's language, else
                                      settings.SITE_NAME (FRONTDESK_SITE_NAME)
{% language_links as languages %}     this page in every site language: code, name_local,
                                      url (same page, that language's prefix), current
                                      (publishing/head.language_links)
{% site_menu as menu %}               the site's navigation in the page's language (MenuItem:
                                      title, url), from the modules' menus (publishing/navigation.py)
"""

from __future__ import annotations

from django import template
from django.utils.translation import get_language

from frontdesk.publishing import head
from frontdesk.publishing.navigation import MenuItem, menu_items

register = template.Library()


@register.simple_tag
def site_name() -> str:
    return head.site_name(get_language())


@register.simple_tag(takes_context=True)
def language_links(context) -> list[dict]:
    return head.language_links(context["request"])


@register.simple_tag
def site_menu() -> list[MenuItem]:
    return menu_items(get_language())
