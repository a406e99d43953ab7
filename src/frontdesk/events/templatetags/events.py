"""Template helpers of the events service (`{% load events %}`): `{{ event|when }}`, the date in
words in the page's language (events/dates.py), and `{% events ... as cards %}`, the template
side of `events()` (events/query.py; docs/events.md, "events() in templates").

    {% events past=True in="yoga" related_to_service=7 only=ids except=event take=3 locale="de" as cards %}
    {% for card in cards %}<a href="{{ card.url }}">{{ card.title }}</a> {{ card.when }}{% endfor %}
    {{ cards|length }} {{ cards.first.title }}

A template cannot call a method with an argument, so each step of the chain is a keyword, applied
in the order written, as `events().past().in_("yoga")...` would be.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from django import template
from django.template.base import FilterExpression, Parser, Token

from frontdesk.events.dates import Dated, when_of
from frontdesk.events.query import RELATIONS, EventsQuery, events

register = template.Library()

RELATED_TO = "related_to_"
# Keyword -> the step it applies. upcoming, past and all are switches: applied when true.
STEPS: dict[str, Callable[[EventsQuery, Any], EventsQuery]] = {
    "upcoming": lambda query, on: query.upcoming() if on else query,
    "past": lambda query, on: query.past() if on else query,
    "all": lambda query, on: query.all() if on else query,
    "in": lambda query, categories: query.in_(categories),
    "only": lambda query, ids: query.only(ids),
    "except": lambda query, event: query.except_(event),
    "take": lambda query, count: query.take(count),
    "locale": lambda query, code: query.locale(str(code) if code else None),
}


@register.filter
def when(event: Dated) -> str:
    return when_of(event)


class TemplateEvents:
    """What `{% events ... as cards %}` names: the query, read at most once per render like a
    Django queryset. Looping fetches the cards and keeps them; `|length` and a truth test run one
    COUNT unless the cards are already kept; `first` and `get` answer cards."""

    def __init__(self, query: EventsQuery) -> None:
        self.query = query
        self._cards: list[dict[str, Any]] | None = None
        self._count: int | None = None

    def get(self) -> list[dict[str, Any]]:
        if self._cards is None:
            self._cards = self.query.get()
        return self._cards

    def first(self) -> dict[str, Any] | None:
        if self._cards is not None:
            return self._cards[0] if self._cards else None
        return self.query.first()

    def count(self) -> int:
        if self._cards is not None:
            return len(self._cards)
        if self._count is None:
            self._count = self.query.count()
        return self._count

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self.get())

    def __len__(self) -> int:
        return self.count()

    def __bool__(self) -> bool:
        return self.count() > 0


def _step(keyword: str) -> Callable[[EventsQuery, Any], EventsQuery] | None:
    if keyword in STEPS:
        return STEPS[keyword]
    name = keyword.removeprefix(RELATED_TO)
    if keyword.startswith(RELATED_TO) and name in RELATIONS:
        return lambda query, objects: query.related_to(name, objects)
    return None


class EventsNode(template.Node):
    def __init__(
        self, steps: list[tuple[Callable[[EventsQuery, Any], EventsQuery], FilterExpression]], name: str
    ):
        self.steps = steps
        self.name = name

    def render(self, context: template.Context) -> str:
        query = events()
        for step, value in self.steps:
            query = step(query, value.resolve(context))
        context[self.name] = TemplateEvents(query)
        return ""


@register.tag("events")
def events_tag(parser: Parser, token: Token) -> EventsNode:
    """`{% events <step>=<value> ... as <name> %}`; an unknown step is named at compile time."""
    bits = token.split_contents()
    if len(bits) < 3 or bits[-2] != "as":
        raise template.TemplateSyntaxError(
            "{% events %} ends with 'as <name>': {% events past=True as cards %}."
        )
    steps = []
    for bit in bits[1:-2]:
        keyword, equals, value = bit.partition("=")
        step = _step(keyword)
        if not equals or step is None:
            known = [*STEPS, *(RELATED_TO + name for name in RELATIONS)]
            raise template.TemplateSyntaxError(
                f"{{% events %}} does not know {bit!r}; its steps are {', '.join(known)}, each as <step>=<value>."
            )
        steps.append((step, parser.compile_filter(value)))
    return EventsNode(steps, bits[-1])
