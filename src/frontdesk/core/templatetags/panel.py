"""The shell's template tags: {% load panel %} in every panel template.

{% panel_menu %}                     the section menu, grouped, the current section marked
{% panel_menu_groups as groups %}    the same groups, to render a menu of one's own
{% section_url "inbox" as url %}     a section's address, "" when the user may not open it
{% icon "inbox" %}                   an icon from static/frontdesk/icons.svg (hidden from AT)
{% panel_brand %}                    the header's brand (FRONTDESK["panel"]["brand"])
{% panel_strings %}                  the JS modules' words, as a JSON script element
{{ moment|machine_time }}            a moment as <time datetime="..."> holds it, to the second
"""

from __future__ import annotations

from datetime import datetime

from django import template
from django.templatetags.static import static
from django.utils.html import format_html, json_script

from frontdesk.core.conf import host_settings
from frontdesk.core.panel import menu
from frontdesk.core.panel.strings import js_strings

register = template.Library()


def _current_key(request) -> str | None:
    section = getattr(request, "panel_section", None)
    return section.key if section is not None else None


@register.simple_tag(takes_context=True)
def panel_menu_groups(context) -> list[menu.MenuGroup]:
    request = context["request"]
    return menu.menu_for(request.user, _current_key(request))


@register.inclusion_tag("panel/_menu.html", takes_context=True)
def panel_menu(context) -> dict:
    return {"groups": panel_menu_groups(context)}


@register.simple_tag(takes_context=True)
def section_url(context, key: str) -> str:
    return menu.url_for_key(context["request"].user, key)


@register.simple_tag
def icon(name: str, extra_class: str = "") -> str:
    classes = f"fd-icon {extra_class}".strip()
    return format_html(
        '<svg class="{}" aria-hidden="true" focusable="false"><use href="{}#{}"></use></svg>',
        classes,
        static("frontdesk/icons.svg"),
        name,
    )


@register.simple_tag
def panel_brand() -> str:
    return host_settings("panel")["brand"] or "frontdesk"


@register.simple_tag
def panel_strings() -> str:
    return json_script(js_strings(), "fd-strings")


@register.filter
def machine_time(moment: datetime | None) -> str:
    """`moment` in ISO 8601 to the second ("2026-11-27T14:25:11+00:00"): the `date:"c"` filter
    adds microseconds, which HTML's datetime attribute refuses (at most three digits)."""
    return moment.isoformat(timespec="seconds") if moment else ""
