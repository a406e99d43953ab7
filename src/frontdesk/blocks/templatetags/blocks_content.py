"""`{% load blocks_content %}{% render_blocks blocks %}`: a block list printed where a content
template stands, so that its blocks' head contributions (JSON-LD, a title) are made while the
content renders, before the layout prints the head (publishing/head.render_page). The language is the
page's unless given: `{% render_blocks blocks language="de" %}`."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from frontdesk.blocks.rendering import render_content

register = template.Library()


@register.simple_tag(takes_context=True)
def render_blocks(context: template.Context, blocks: Any, language: str | None = None) -> SafeString:
    return render_content(blocks, request=context.get("request"), language=language or get_language())
