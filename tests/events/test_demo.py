"""The events' demo content (events/demo.py): three categories and six events dated from the
moment of seeding, in three languages with photos and highlights; seeding twice adds nothing;
`--remove` takes out exactly what the demo made (docs/events.md, "Demo")."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.core.management import call_command

from frontdesk.categories.models import Category
from frontdesk.categories.operations import create_category
from frontdesk.core.demo import DEMOS
from frontdesk.events import demo
from frontdesk.events.models import CATEGORY_TYPE, Event
from frontdesk.events.operations import update_event
from frontdesk.events.query import events
from frontdesk.pictures.models import Picture
from frontdesk.routes.models import Route

pytestmark = pytest.mark.django_db

# A Tuesday evening in Berlin, an hour from midnight: a day counted in UTC would show.
SEEDED = datetime(2027, 3, 9, 23, 0, tzinfo=ZoneInfo("Europe/Berlin"))


@pytest.fixture
def seeded(berlin, media):
    with time_machine.travel(SEEDED, tick=False):
        demo.seed()
        yield {event.title["en"]: event for event in Event.objects.all()}


def local(moment: datetime) -> datetime:
    return moment.astimezone(ZoneInfo("Europe/Berlin"))


def test_the_demo_is_registered():
    assert "events" in DEMOS.names()


def test_six_events_dated_from_the_moment_of_seeding(seeded):
    pruning = seeded["Pruning fruit trees"]
    assert (local(pruning.starts_at), local(pruning.ends_at)) == (
        datetime(2027, 3, 16, 10, tzinfo=ZoneInfo("Europe/Berlin")),
        datetime(2027, 3, 16, 13, tzinfo=ZoneInfo("Europe/Berlin")),
    )
    assert pruning.price_amount == 35 and pruning.is_on_site and len(pruning.highlights) == 2
    days = seeded["Three days of garden design"]
    assert days.all_day and local(days.starts_at).date() == SEEDED.date() + timedelta(days=21)
    assert local(days.ends_at).date() == SEEDED.date() + timedelta(days=23)
    online = seeded["Online: a garden on the balcony"]
    assert online.format == "online" and online.price_amount == 0 and not online.venue
    undated = seeded["Open garden"]
    assert (
        undated.starts_at is None
        and undated.date_note["de"] == "Jeden ersten Samstag, von Frühling bis Herbst"
    )
    past = seeded["Seed swap"]
    assert local(past.starts_at) == datetime(2027, 2, 7, 14, tzinfo=ZoneInfo("Europe/Berlin"))
    draft = seeded["Winter tree walk"]
    assert draft.state == "draft"
    assert len(seeded) == 6


def test_three_categories_and_the_event_of_days_in_two(seeded):
    categories = Category.objects.filter(type=CATEGORY_TYPE)
    assert {category.name["en"] for category in categories} == {"Courses", "Talks", "Retreats"}
    assert len(seeded["Three days of garden design"].categories) == 2


def test_written_in_three_languages_with_photos_and_highlights(seeded):
    keys = set(Picture.objects.values_list("key", flat=True))
    assert len(keys) == 3
    for event in seeded.values():
        assert set(event.title) == set(event.slug) == set(event.lead) == {"en", "de", "ru"}, event.title
        assert event.photos and set(event.photos) <= keys, event.title
    cards = seeded["Pruning fruit trees"].highlights
    assert cards[0]["heading"] == {
        "en": "Tools provided",
        "de": "Werkzeug gestellt",
        "ru": "Инструменты выдаём",
    }


def test_the_site_lists_them_as_the_spec_orders(seeded):
    with time_machine.travel(SEEDED, tick=False):
        assert [card["title"] for card in events()] == [
            "Open garden",
            "Pruning fruit trees",
            "Online: a garden on the balcony",
            "Three days of garden design",
        ]
        assert [card["title"] for card in events().past()] == ["Seed swap"]
        assert [card["title"] for card in events().locale("ru").in_("retreats")] == [
            "Три дня ландшафтного дизайна"
        ]


def test_seeding_twice_adds_nothing(seeded):
    with time_machine.travel(SEEDED + timedelta(days=3), tick=False):
        assert demo.seed() == "0 demo events created (6 already there)"
    assert (Event.all_objects.count(), Category.objects.count(), Picture.objects.count()) == (6, 3, 3)
    assert local(Event.objects.get(slug__en="pruning-fruit-trees").starts_at).day == 16


def test_remove_takes_out_the_demo_edited_or_not_and_nothing_else(berlin, media, make_event):
    mine = create_category(CATEGORY_TYPE, actor=None, values={"name": {"en": "Our own"}, "slug": "our-own"})
    with time_machine.travel(SEEDED, tick=False):
        demo.seed()
    talks = Category.objects.get(slug__en="talks")
    my_event = make_event("Our meeting", slug="our-meeting", categories=[mine.pk, talks.pk])
    pruning = Event.objects.get(slug__en="pruning-fruit-trees")
    update_event(pruning, actor=None, values={"title": {"en": "Our pruning"}}, revision=pruning.revision)
    assert demo.remove() == "6 demo events, 3 demo categories removed"
    assert list(Event.all_objects.all()) == [my_event]
    assert list(Category.objects.filter(type=CATEGORY_TYPE)) == [mine]
    assert not Picture.objects.exists()
    assert set(Route.all_objects.values_list("path", flat=True)) >= {"events/our-meeting", "events/our-own"}
    assert not Route.all_objects.filter(path__in=["events/pruning-fruit-trees", "events/talks"]).exists()
    # The demo forgot its marks: seeding again makes it anew, and its category's slug is free.
    with time_machine.travel(SEEDED, tick=False):
        assert demo.seed() == "6 demo events created (0 already there)"


def test_an_address_held_by_the_site_leaves_that_demo_row_out(berlin, media, make_event):
    theirs = make_event("Seed swap", slug="seed-swap")
    with time_machine.travel(SEEDED, tick=False):
        assert (
            demo.seed()
            == "5 demo events created (0 already there); left out, their address is taken: seed-swap"
        )
    demo.remove()
    assert list(Event.all_objects.all()) == [theirs]


def test_the_demo_command_seeds_and_removes(media, capsys):
    call_command("demo", password="a long demo password 42")
    assert "events: 6 demo events created" in capsys.readouterr().out
    call_command("demo", remove=True)
    assert "events: 6 demo events, 3 demo categories removed" in capsys.readouterr().out
    assert not Event.all_objects.exists()


def test_a_demo_picture_an_editor_used_elsewhere_stays(seeded, make_event):
    used = Picture.objects.get(name="Demo: A meadow in flower")
    make_event("Our fair", slug="our-fair", photos=[used.key])
    assert demo.remove() == "6 demo events, 3 demo categories removed; 1 demo picture kept, used elsewhere"
    assert list(Picture.objects.all()) == [used]


def test_the_home_page_links_the_index_and_the_demo_pages_answer(seeded, client):
    home = client.get("/de/").content.decode()
    assert '<a href="/de/events">Veranstaltungen</a>' in home
    with time_machine.travel(SEEDED, tick=False):
        for event in seeded.values():
            expected = 404 if event.state == "draft" else 200
            assert client.get(f"/de/events/{event.slug['de']}").status_code == expected, event.slug
        assert client.get("/ru/events/kursy").status_code == 200
    demo.remove()
    assert "/de/events" not in client.get("/de/").content.decode()
