"""Template helpers of the events service: `{{ event|when }}`, the date in words in the page's
language (events/dates.py)."""

from __future__ import annotations

from django import template

from frontdesk.events.dates import Dated, when_of

register = template.Library()


@register.filter
def when(event: Dated) -> str:
    return when_of(event)
