"""The events' views as a site shapes them (docs/events.md, "Public pages"): a part placed in the
site's templates folder, the publish command, the `views.*`, `layout`, `breadcrumbs`, `middleware`
and `per-page` keys, and the index switched off for a page of the pages module."""

from __future__ import annotations

import re

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.test.signals import template_rendered

from frontdesk.events.site import PART_VARIABLES, PARTS
from frontdesk.events.view_files import package_views
from tests.events.conftest import configure_events, reload_templates
from tests.events.test_site_pages import card_titles, category, main, status
from tests.optional import needs

pytestmark = pytest.mark.django_db
STAMPING = "tests.testapp.happenings.StampMiddleware"
STAMP = "X-Test-Module"
needs_pages = needs("pages")


@pytest.fixture
def tea(make_event, clock):
    return make_event(
        "Tea and talk",
        slug={"en": "tea", "de": "tee"},
        starts_at="2027-03-20T18:00",
        venue="Town hall",
        price={"en": "10 euros"},
        booking_url="https://tickets.example.org/tea",
    )


def facts_of(html: str) -> str:
    start = html.index('<dl class="events-facts">')
    return html[start : html.index("</dl>", start) + len("</dl>")]


# --- Parts in a site's templates folder ---------------------------------------------------------


def test_a_part_placed_by_the_site_receives_exactly_the_specs_variables(site_templates, tea):
    site_templates("events/site/event/heading.html", "<p>site heading: {{ title }}</p>")
    seen: dict[str, set[str]] = {}

    def record(sender, template, context, **kwargs):
        seen[template.name] = set(context.flatten()) - {"True", "False", "None"}

    template_rendered.connect(record)
    try:
        html = main("/events/tea")
    finally:
        template_rendered.disconnect(record)
    assert "<p>site heading: Tea and talk</p>" in html
    assert seen["events/site/event/heading.html"] == set(PART_VARIABLES)
    for part in PARTS:  # the package's parts receive the same, and nothing of the layout
        assert seen[f"events/site/event/{part}.html"] == set(PART_VARIABLES), part


def test_overriding_the_facts_alone_changes_only_the_facts_and_removing_it_brings_them_back(
    site_templates, tea, settings
):
    before = main("/events/tea")
    placed = site_templates("events/site/event/facts.html", '<dl class="events-facts"><dt>On</dt></dl>\n')
    overridden = main("/events/tea")
    assert overridden == before.replace(facts_of(before), '<dl class="events-facts"><dt>On</dt></dl>')
    placed.unlink()
    reload_templates(settings)
    assert main("/events/tea") == before


def test_the_publish_command_copies_every_view_and_refuses_to_overwrite_without_force(site_templates, tea):
    folder = site_templates.folder
    call_command("events_publish_views", stdout=open("/dev/null", "w"))  # noqa: SIM115
    copied = sorted(path.relative_to(folder) for path in folder.rglob("*.html"))
    assert copied == package_views()
    assert {f"events/site/event/{part}.html" for part in PARTS} <= {str(path) for path in copied}
    assert {"events/site/index.html", "events/site/category.html", "events/site/event.html",
            "events/site/partials/list.html", "events/site/partials/card.html"} <= {str(p) for p in copied}  # fmt: skip

    facts = folder / "events/site/event/facts.html"
    facts.write_text("<p>the site's own facts</p>", encoding="utf-8")
    with pytest.raises(CommandError, match="--force"):
        call_command("events_publish_views")
    assert facts.read_text(encoding="utf-8") == "<p>the site's own facts</p>"  # nothing overwritten
    call_command("events_publish_views", force=True, stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert "<p>the site's own facts</p>" not in facts.read_text(encoding="utf-8")


def test_the_publish_command_asks_for_a_folder_when_the_site_names_none(settings):
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": []}]
    with pytest.raises(CommandError, match="FRONTDESK_TEMPLATES"):
        call_command("events_publish_views")


# --- The configuration keys ---------------------------------------------------------------------


def test_views_event_chooses_the_event_template(site_templates, tea, settings):
    site_templates("mysite/event.html", "<p>my event: {{ title }} at {{ venue }}</p>")
    configure_events(settings, views={"event": "mysite/event.html"})
    html = main("/events/tea")
    assert "<p>my event: Tea and talk at Town hall</p>" in html and "events-facts" not in html
    assert "events-page" in main("/events")  # the other views keep the package's


def test_the_layout_key_wraps_every_events_view_and_no_other(settings, tea):
    configure_events(settings, layout="testapp/happenings/layout.html")
    category("yoga", "Yoga")
    for address in ("/events", "/events/tea", "/events/yoga"):
        assert 'class="test-happenings-layout"' in Client().get(address).content.decode(), address
    assert 'class="test-happenings-layout"' not in Client().get("/").content.decode()


def test_breadcrumbs_false_prints_no_trail(settings, tea):
    category("yoga", "Yoga")
    html = Client().get("/events/tea").content.decode()
    trail = html[
        html.index('class="site-breadcrumb"') : html.index("</nav>", html.index('class="site-breadcrumb"'))
    ]
    assert re.findall(r"<li>(.*?)</li>", trail) == [
        '<a href="/">Home</a>',
        '<a href="/events">Events</a>',
        '<span aria-current="page">Tea and talk</span>',
    ]
    assert "BreadcrumbList" in html
    configure_events(settings, breadcrumbs=False)
    for address in ("/events", "/events/tea", "/events/yoga"):
        html = Client().get(address).content.decode()
        assert 'class="site-breadcrumb"' not in html and "BreadcrumbList" not in html, address


def test_the_middleware_key_runs_on_the_events_routes_and_nowhere_else(settings, tea):
    category("yoga", "Yoga")
    configure_events(settings, middleware=[STAMPING])
    for own in ("/events", "/de/events", "/events/tea", "/de/events/tee", "/events/yoga"):
        assert Client().get(own).headers.get(STAMP) == "happenings", own
    for other in ("/", "/cms/login/", "/robots.txt", "/nowhere"):
        assert STAMP not in Client().get(other).headers, other


def test_the_index_shows_24_a_page_by_default_and_obeys_per_page(make_event, clock, settings):
    for day in range(1, 27):
        make_event(f"Event {day:02}", starts_at=f"2027-04-{day:02}T10:00")
    first = card_titles(main("/events"))
    assert first == [f"Event {day:02}" for day in range(1, 25)]
    assert card_titles(main("/events?page=2")) == ["Event 25", "Event 26"]
    assert status("/events?page=3") == 404  # past the last
    for bad in ("0", "-1", "two", "1.5", "99999999999999999999999", "%00"):
        assert status(f"/events?page={bad}") == 404, bad
    assert re.search(
        r'<link rel="canonical" href="https?://[^/"]+/events">', Client().get("/events").content.decode()
    )
    assert re.search(
        r'<link rel="canonical" href="https?://[^/"]+/events\?page=2">',
        Client().get("/events?page=2").content.decode(),
    )
    configure_events(settings, **{"per-page": 10})
    assert card_titles(main("/events?page=3")) == [f"Event {day:02}" for day in range(21, 27)]


# --- The index switched off ---------------------------------------------------------------------


def test_with_the_index_off_and_no_page_at_the_prefix_events_answers_404(index_off, tea):
    assert status("/events") == 404
    html = main("/events/tea")
    assert 'href="/">Home</a>' in html and 'href="/events"' not in html


@needs_pages
def test_with_the_index_off_the_page_at_the_prefix_stands_there_and_leads_the_trail(index_off, tea):
    from frontdesk.pages import operations

    page = operations.create_page(
        actor=None, values={"title": {"en": "Our events"}, "slug": {"en": "events"}}
    )
    # A draft gives no step.
    assert status("/events") == 404
    assert "Our events" not in main("/events/tea")
    operations.publish_page(page, actor=None)
    assert "Our events" in main("/events")
    category("yoga", "Yoga")
    for address in ("/events/tea", "/events/yoga"):
        html = main(address)
        trail = html[
            html.index('class="site-breadcrumb"') : html.index(
                "</nav>", html.index('class="site-breadcrumb"')
            )
        ]
        assert trail.index('href="/">Home</a>') < trail.index('<a href="/events">Our events</a>'), address


def test_the_sitemap_names_the_index_while_it_is_on(db):
    assert re.search(r"<loc>https?://[^/<]+/events</loc>", Client().get("/sitemap.xml").content.decode())


def test_the_sitemap_has_no_index_line_while_it_is_off(index_off, db):
    assert not re.search(r"<loc>https?://[^/<]+/events</loc>", Client().get("/sitemap.xml").content.decode())
