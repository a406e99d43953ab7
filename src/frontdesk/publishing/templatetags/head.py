"""The head collector's tags: {% load head %} in the layout and in content templates.

In a layout (publishing/head.py prints it):
{% page_head %}                      title, description, robots, canonical, alternates, social
                                     meta and JSON-LD; `title=False description=False` leave
                                     those two to the template (site/base.html's blocks)
{% page_content %}                   the content, rendered here (a layout that renders the content
                                     inside itself; without it, the content renders first)
{% breadcrumb %}                     the trail `breadcrumb()` recorded, as a nav (nothing without)
{% preview_banner %}                 the draft preview's banner (nothing on other pages)
{% page_title %}  {% page_description %}   the title and description page_head would print

In a content template (each adds to the request's collector, printing nothing):
{% head_title text %}  {% head_description text %}  {% head_canonical url %}  {% head_noindex %}
{% head_json_ld key node %}          node: a dict from the context
"""

from __future__ import annotations

from typing import Any

from django import template
from django.template.base import Parser, Token
from django.template.context import Context
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from frontdesk.publishing import head
from frontdesk.publishing.head import PageContentNode, head_of, print_head

register = template.Library()


@register.simple_tag(takes_context=True)
def page_head(context: Context, *, title: bool = True, description: bool = True) -> SafeString:
    return print_head(context["request"], title=title, description=description)


@register.tag
def page_content(parser: Parser, token: Token) -> PageContentNode:
    return PageContentNode()


@register.simple_tag(takes_context=True)
def breadcrumb(context: Context) -> SafeString:
    trail = head_of(context["request"]).trail
    if not trail:
        return mark_safe("")
    return mark_safe(render_to_string("site/_breadcrumb.html", {"trail": trail}))  # noqa: S308 (a template)


@register.simple_tag(takes_context=True)
def preview_banner(context: Context) -> SafeString:
    if not head_of(context["request"]).preview:
        return mark_safe("")
    return mark_safe(render_to_string("site/_preview_banner.html", {}))  # noqa: S308 (a template)


@register.simple_tag(takes_context=True)
def head_title(context: Context, text: Any) -> str:
    head_of(context["request"]).set_title(str(text))
    return ""


@register.simple_tag(takes_context=True)
def head_description(context: Context, text: Any) -> str:
    head_of(context["request"]).set_description(str(text))
    return ""


@register.simple_tag(takes_context=True)
def head_canonical(context: Context, url: str) -> str:
    head_of(context["request"]).set_canonical(url)
    return ""


@register.simple_tag(takes_context=True)
def head_noindex(context: Context) -> str:
    head_of(context["request"]).set_noindex()
    return ""


@register.simple_tag(takes_context=True)
def head_json_ld(context: Context, key: str, node: dict) -> str:
    head_of(context["request"]).add_json_ld(key, node)
    return ""


@register.simple_tag(takes_context=True)
def page_title(context: Context) -> str:
    return head.page_title(context["request"])


@register.simple_tag(takes_context=True)
def page_description(context: Context) -> str:
    return head.page_description(context["request"])
