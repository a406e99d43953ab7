"""The events' public pages in the cache (docs/events.md, "Public pages"; publishing/page_cache.py):
kept until anything they print changes or an event they show ends, and every table they read
is watched, so a change through any door shows at the next request."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

import pytest
import time_machine
from django.apps import apps
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from frontdesk.categories.operations import reorder_categories, update_category
from frontdesk.events.operations import publish_event, update_event
from frontdesk.pictures.models import Picture
from frontdesk.publishing import page_cache
from frontdesk.publishing.models import PublicEdition
from tests.conftest import keep_pages_for
from tests.events.conftest import DEMO_NOW
from tests.events.test_site_pages import card_titles, category, main
from tests.events.test_site_queries import statements
from tests.optional import needs

pytestmark = pytest.mark.django_db

# Tables a page reads that no edit of content changes: Django's own list of models, and the edition.
NOT_CONTENT = {"django_content_type", PublicEdition._meta.db_table}


def tables_read(address: str) -> set[str]:
    with CaptureQueriesContext(connection) as counted:
        assert Client().get(address).status_code == 200
    found = set()
    for query in counted.captured_queries:
        found |= set(re.findall(r'(?:FROM|JOIN)\s+["`]?(\w+)["`]?', query["sql"], flags=re.IGNORECASE))
    return found


def test_every_table_an_events_page_reads_is_watched(demo_like, settings):
    """A model added to what the pages print without `watch_models` fails here: its changes would
    leave the pages kept in the cache as they were."""
    keep_pages_for(settings, 0)
    week = demo_like["week"]
    if apps.is_installed("frontdesk.services"):
        from frontdesk.services.operations import create_service

        service = create_service(actor=None, values={"title": {"en": "Kilns"}, "slug": {"en": "kilns"}})
        week = publish_event(
            update_event(week, actor=None, values={"services": [service.pk]}, revision=week.revision),
            actor=None,
        )
    with time_machine.travel(datetime.fromisoformat(DEMO_NOW), tick=False):
        read = set()
        for address in (
            "/events/pottery",
            "/events/retreat",
            "/events",
            "/events/crafts",
            "/ru/events/гончарная",
        ):
            read |= tables_read(address)
    by_table = {model._meta.db_table: model for model in apps.get_models()}
    unwatched = sorted(
        table
        for table in read - NOT_CONTENT
        if table in by_table and by_table[table] not in page_cache.WATCHED
    )
    assert read & {"events_event", "core_category", "core_route", "publishing_relationlink"}
    assert unwatched == []


def test_an_event_page_kept_in_the_cache_says_it_is_over_once_it_ends(make_event, clock):
    make_event("Tea", slug={"en": "tea"}, starts_at="2027-03-20T10:00", ends_at="2027-03-20T12:00")
    with time_machine.travel(clock, tick=False) as traveller:
        assert "This event is over" not in main("/events/tea")
        assert statements("/events/tea") == 3  # the route, the row with "over", the edition
        traveller.move_to("2027-03-20T12:00:01+01:00")
        assert "This event is over" in main("/events/tea")


def test_the_index_kept_in_the_cache_lets_an_event_go_when_it_ends(make_event, clock):
    yoga = category("yoga", "Yoga")
    make_event("Early", starts_at="2027-03-20T10:00", ends_at="2027-03-20T11:00", categories=[yoga.pk])
    make_event("Later", starts_at="2027-03-27T10:00", categories=[yoga.pk])
    with time_machine.travel(clock, tick=False) as traveller:
        assert card_titles(main("/events")) == ["Early", "Later"]
        assert card_titles(main("/events/yoga")) == ["Early", "Later"]
        assert statements("/events") == 1  # the edition
        traveller.move_to("2027-03-20T11:00:01+01:00")
        assert card_titles(main("/events")) == ["Later"]
        assert card_titles(main("/events/yoga")) == ["Later"]


def test_a_renamed_category_shows_on_the_event_page_kept_before(make_event, clock):
    yoga = category("yoga", "Yoga")
    make_event("Tea", slug={"en": "tea"}, starts_at="2027-03-20T10:00", categories=[yoga.pk])
    assert ">Yoga<" in main("/events/tea")
    update_category(yoga, actor=None, values={"name": {"en": "Slow yoga"}})
    assert ">Slow yoga<" in main("/events/tea")


def test_categories_reordered_show_in_their_new_order_on_the_index_kept_before(make_event, clock):
    """A reorder writes the positions in bulk, which sends no post_save (core/ordering.reordered)."""
    yoga, talks = category("yoga", "Yoga"), category("talks", "Talks")
    make_event("Tea", starts_at="2027-03-20T10:00", categories=[yoga.pk, talks.pk])
    links = re.compile(r'class="events-categories".*?</nav>', re.DOTALL)
    assert re.findall(r">(\w+)</a>", links.search(main("/events")).group()) == ["Yoga", "Talks"]
    reorder_categories("events", actor=None, ids=[talks.pk, yoga.pk])
    assert re.findall(r">(\w+)</a>", links.search(main("/events")).group()) == ["Talks", "Yoga"]


def test_a_pictures_new_alt_text_shows_on_the_event_page_kept_before(demo_like):
    with time_machine.travel(datetime.fromisoformat(DEMO_NOW), tick=False):
        assert "Ducks by the pond" not in main("/events/pottery")
        picture = Picture.objects.get(pk=demo_like["pictures"][0].pk)
        picture.alt = {"en": "Ducks by the pond"}
        picture.save()
        assert "Ducks by the pond" in main("/events/pottery")


@needs("services")
def test_a_services_new_title_shows_on_the_event_page_kept_before(make_event, clock):
    from frontdesk.services.operations import create_service, update_service

    service = create_service(actor=None, values={"title": {"en": "Kilns"}, "slug": {"en": "kilns"}})
    make_event("Tea", slug={"en": "tea"}, starts_at="2027-03-20T10:00", services=[service.pk])
    assert "Kilns" in main("/events/tea")
    update_service(service, actor=None, values={"title": {"en": "Kilns to rent"}})
    assert "Kilns to rent" in main("/events/tea")


def test_a_page_kept_in_one_language_is_not_answered_in_another(make_event, clock):
    tea = make_event("Tea", slug={"en": "tea", "de": "tee"}, starts_at="2027-03-20T10:00")
    assert ">Tea<" in main("/events/tea")
    tea = update_event(tea, actor=None, values={"title": {"en": "Tea", "de": "Tee"}}, revision=tea.revision)
    publish_event(tea, actor=None)
    german = main("/de/events/tee")
    assert "Tee" in german and ">Tea<" not in german
    assert card_titles(main("/de/events")) == ["Tee"] and card_titles(main("/events")) == ["Tea"]


def test_a_signed_in_editor_sees_the_same_page_and_it_stays_kept(make_event, clock, admin_client):
    make_event("Tea", slug={"en": "tea"}, starts_at="2027-03-20T10:00")
    visitor = Client().get("/events/tea").content
    assert admin_client.get("/events/tea").content == visitor
    with CaptureQueriesContext(connection) as counted:
        assert Client().get("/events/tea").content == visitor
    assert len(counted) == 3


def test_published_edits_show_at_once_and_a_draft_does_not(make_event, clock):
    tea = make_event("Tea", slug={"en": "tea"}, starts_at="2027-03-20T10:00")
    assert "Tea" in main("/events/tea")
    draft = update_event(tea, actor=None, values={"title": {"en": "Green tea"}}, revision=tea.revision)
    assert "Green tea" not in main("/events/tea")
    publish_event(draft, actor=None)
    assert "Green tea" in main("/events/tea")


def test_the_kept_time_of_an_event_page_is_at_most_the_sites(make_event, clock, settings):
    keep_pages_for(settings, 60)
    tea = make_event("Tea", slug={"en": "tea"}, starts_at="2027-06-20T10:00")
    with time_machine.travel(clock, tick=False) as traveller:
        main("/events/tea")
        type(tea).objects.filter(pk=tea.pk).update(venue="Tea house")  # no signal: not seen at once
        assert "Tea house" not in main("/events/tea")
        traveller.shift(timedelta(seconds=61))
        assert "Tea house" in main("/events/tea")


def test_a_menu_another_worker_changed_a_moment_ago_is_not_kept_in_a_page(make_event, clock):
    """This worker's menu cache still holds the menu from before another worker's change (it lags
    up to a minute); the page kept under the new edition is rendered from the database."""
    from django.core.cache import cache

    from frontdesk.publishing.navigation import MenuItem, _menu_key

    make_event("Tea", slug={"en": "tea"}, starts_at="2027-03-20T10:00")
    cache.set(_menu_key("en"), [MenuItem("Stale entry", "/stale")], 60)
    page_cache.new_edition()  # the other worker's commit
    assert "Stale entry" not in Client().get("/events/tea").content.decode()
    assert "Stale entry" not in Client().get("/events/tea").content.decode()


def test_an_event_row_read_before_the_edition_is_read_again_for_the_page_kept(make_event, clock):
    """The route's view reads the row before the page cache reads the edition: a change committed
    between the two must not be kept under the newer edition."""
    from django.contrib.sessions.backends.db import SessionStore
    from django.test import RequestFactory

    from frontdesk.events import site
    from frontdesk.events.queries import with_over

    tea = make_event("Tea", slug={"en": "tea"}, starts_at="2027-03-20T10:00")
    read_before = with_over().get(pk=tea.pk)
    publish_event(
        update_event(tea, actor=None, values={"title": {"en": "Green tea"}}, revision=tea.revision),
        actor=None,
    )
    request = RequestFactory().get("/events/tea")
    request.session = SessionStore()
    assert "Green tea" in site.event_page(request, read_before).content.decode()
