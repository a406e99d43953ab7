"""With the index off, a page of the pages module with the slug `events` stands at /events and
prints the events through its own template and `{% events %}` (docs/events.md, "events() in
templates": tests/events/templates/pages/site/page-events.html is the template shown there)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.optional import needs

pytestmark = [
    pytest.mark.django_db,
    needs("pages"),
]

TEMPLATES = Path(__file__).parent / "templates"


@pytest.fixture
def page_templates(settings) -> None:
    """The events' test templates folder ahead of the apps' (the site's own folder)."""
    engine: dict[str, Any] = settings.TEMPLATES[0]
    settings.TEMPLATES = [{**engine, "DIRS": [TEMPLATES, *engine["DIRS"]]}]


@pytest.fixture
def events_page(index_off, page_templates):
    from frontdesk.pages import operations

    page = operations.create_page(
        actor=None,
        values={"title": {"en": "Coming up", "de": "Termine"}, "slug": {"en": "events", "de": "events"}},
    )
    return operations.publish_page(page, actor=None)


def test_the_page_at_the_prefix_prints_the_events_to_come(three, events_page, client, make_event):
    make_event("Webinar", starts_at="2027-04-01T18:00", format="online")
    with_draft = make_event("Draft", starts_at="2027-04-02T18:00", publish=False)
    body = client.get("/events").content.decode()
    assert "<h1>Coming up</h1>" in body
    upcoming = body.split('class="events-upcoming"')[1].split("</ul>")[0]
    assert [line.split("</a>")[0] for line in upcoming.split('">')[1:] if "</a>" in line] == [
        "Undated",
        "Soon",
        "Webinar",
    ]
    assert '<a href="/events/soon">Soon</a>' in upcoming and "20 March 2027, 10:00" in upcoming
    assert "<span>Online</span>" in upcoming and "Every Friday" in upcoming
    assert with_draft.title["en"] not in body
    assert '<ul class="events-past"><li><a href="/events/over">Over</a> 1 March 2027, 10:00</li></ul>' in body


def test_the_page_prints_them_in_its_language(three, events_page, client):
    body = client.get("/de/events").content.decode()
    assert "<h1>Termine</h1>" in body and "20. März 2027, 10:00" in body
    assert '<a href="/de/events/soon">Soon</a>' in body


def test_without_events_to_come_the_page_says_so(events_page, client):
    assert "Nothing planned just now." in client.get("/events").content.decode()


def test_docs_print_this_very_template():
    template = (TEMPLATES / "pages/site/page-events.html").read_text()
    body = template.split("{% endcomment %}", 1)[1].strip("\n")
    docs = (Path(__file__).parents[2] / "docs/events.md").read_text()
    assert "\n".join(f"    {line}" if line else "" for line in body.split("\n")) in docs
