"""`{% events ... as cards %}` (events/templatetags/events.py): every step of the spec's table
through a rendered template, and the queries a template pays (docs/events.md, "events() in
templates")."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.template import Context, Template, TemplateSyntaxError
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from frontdesk.categories.operations import create_category
from frontdesk.events.operations import publish_event, update_event
from tests.optional import needs

pytestmark = pytest.mark.django_db

TITLES = "{% for card in cards %}{{ card.title }};{% endfor %}"


def render(tag: str, body: str = TITLES, **context: Any) -> str:
    """`tag` is what follows `{% events` up to `as cards`."""
    return Template("{% load events %}{% events " + tag + " as cards %}" + body).render(Context(context))


def test_by_default_events_to_come_undated_first(three):
    assert render("") == "Undated;Soon;"
    assert render("upcoming=True") == "Undated;Soon;"


def test_past_last_first_and_all(three, make_event):
    make_event("Older", starts_at="2027-02-01T10:00")
    assert render("past=True") == "Over;Older;"
    assert render("all=True") == "Undated;Soon;Over;Older;"


def test_a_switch_given_false_is_no_step(three):
    assert render("past=False") == "Undated;Soon;"
    assert render("past=showing_past", showing_past=False) == "Undated;Soon;"


@pytest.mark.parametrize("how", ["id", "slug", "object", "list"])
def test_in_a_category_named_every_way(three, how):
    yoga = three["yoga"]
    named = {"id": yoga.pk, "slug": "yoga", "object": yoga, "list": [yoga.pk, "nothing"]}
    assert render("all=True in=chosen", chosen=named[how]) == "Soon;Over;"


def test_in_a_literal_slug(three):
    assert render('in="talks"') == "Soon;"


@pytest.mark.parametrize("nothing", [None, "", []])
def test_in_nothing_means_all(three, nothing):
    assert render("all=True in=chosen", chosen=nothing) == "Undated;Soon;Over;"


def test_in_a_variable_the_template_does_not_have_means_all(three):
    assert render("in=no_such_variable") == "Undated;Soon;"


@needs("services")
def test_related_to_a_service(three):
    from frontdesk.services.operations import create_service

    garden = create_service(actor=None, values={"title": {"en": "Gardens"}, "slug": {"en": "gardens"}})
    soon = three["soon"]
    publish_event(
        update_event(soon, actor=None, values={"services": [garden.pk]}, revision=soon.revision), actor=None
    )
    assert render("all=True related_to_service=service", service=garden) == "Soon;"
    assert render(f"related_to_service={garden.pk}") == "Soon;"
    assert render('related_to_service="/services/gardens"') == "Soon;"


def test_only_these_in_the_order_given(three):
    soon, undated = three["soon"].pk, three["undated"].pk
    assert render("only=ids", ids=[soon, undated]) == "Soon;Undated;"
    assert render("only=ids", ids=[undated, soon]) == "Undated;Soon;"


def test_except_one_event(three):
    assert render("except=event", event=three["undated"]) == "Soon;"
    assert render("except=event", event=three["soon"].pk) == "Undated;"


@pytest.mark.parametrize(
    ("count", "expected"), [("1", "Undated;"), ("0", "Undated;Soon;"), ("None", "Undated;Soon;")]
)
def test_take(three, count, expected):
    assert render(f"take={count}") == expected


def test_steps_apply_in_the_order_written(three):
    assert render("all=True take=2") == "Undated;Soon;"
    assert render("all=True in='yoga' take=1") == "Soon;"


def test_locale_de_and_the_language_being_rendered(three):
    soon = three["soon"]
    update_event(soon, actor=None, values={"title": {"de": "Bald"}}, revision=soon.revision)
    publish_event(soon, actor=None)
    assert render('locale="de"') == "Undated;Bald;"
    with translation.override("de"):
        assert render("") == "Undated;Bald;"
        assert render('locale="en"') == "Undated;Soon;"


def test_first_and_get(three):
    assert render("", "{{ cards.first.title }}|{{ cards.first.when }}") == "Undated|Every Friday"
    assert render("past=True", "{% for card in cards.get %}{{ card.url }}{% endfor %}") == "/events/over"
    assert render("in='nothing'", "[{{ cards.first.title }}]") == "[]"


def test_counted_with_one_count_query(three):
    with CaptureQueriesContext(connection) as counted:
        assert render("all=True", "{{ cards|length }}") == "3"
    assert len(counted) == 1 and "COUNT(" in counted[0]["sql"].upper()


def test_an_empty_list_takes_the_empty_branch(three):
    body = "{% for card in cards %}{{ card.title }}{% empty %}Nothing planned{% endfor %}"
    assert render("in='nothing'", body) == "Nothing planned"
    assert render("in='nothing'", "{% if cards %}some{% else %}none{% endif %}") == "none"


def test_looped_then_counted_reads_the_cards_once(berlin, make_event, clock):
    make_event("One", starts_at="2027-04-01T10:00")
    body = TITLES + "{{ cards|length }}{% for card in cards %}.{% endfor %}"
    with CaptureQueriesContext(connection) as looped:
        render("", body)
    with CaptureQueriesContext(connection) as cards_only:
        render("", "{% for card in cards.get %}{% endfor %}")
    # The loop's length is one COUNT; the second loop and the length after it ask nothing.
    assert len(looped) == len(cards_only) + 1
    with CaptureQueriesContext(connection) as tested_then_looped:
        render("", "{% if cards %}" + TITLES + "{% endif %}")
    assert len(tested_then_looped) == len(cards_only) + 1


def test_the_cards_cost_the_same_queries_for_one_and_for_ten(berlin, make_event, clock):
    yoga = create_category("events", actor=None, values={"name": {"en": "Yoga"}})
    make_event("One", starts_at="2027-04-01T10:00", categories=[yoga.pk])
    body = "{% for card in cards %}{{ card.title }}{{ card.category_links }}{{ card.cover }}{% endfor %}"
    with CaptureQueriesContext(connection) as one:
        render("", body)
    for index in range(9):
        make_event(f"More {index}", starts_at="2027-04-02T10:00", categories=[yoga.pk])
    with CaptureQueriesContext(connection) as ten:
        assert render("", body + "{{ cards|length }}").endswith("10")
    assert len(ten) == len(one)


@pytest.mark.parametrize(
    "tag",
    ["{% events %}", "{% events past=True %}", "{% events when=past as cards %}", "{% events past as c %}"],
)
def test_a_mistyped_tag_is_named_when_the_template_is_read(tag):
    with pytest.raises(TemplateSyntaxError, match="events"):
        Template("{% load events %}" + tag)


@pytest.mark.parametrize(
    ("step", "expected"),
    [
        ('take="many"', "Undated;Soon;"),
        ("take=-2", "Undated;Soon;"),
        ('locale="xx"', "Undated;Soon;"),
        ("locale=None", "Undated;Soon;"),
        ('in="<script>"', ""),  # a category named by nothing known narrows to no event
        ("only=999999", ""),
    ],
)
def test_a_value_a_step_cannot_use_never_fails(three, step, expected):
    # A template may pass what a visitor typed: a count or a language no step can use is the
    # default, a name of nothing lists nothing; never an error page.
    assert render(step) == expected


def test_except_an_unknown_event_leaves_none_out(three):
    assert render('except="no-such-event"') == "Undated;Soon;"
