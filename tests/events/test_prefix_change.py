"""The events' prefix changed from events to workshops, then `frontdesk routes-rebuild --type event
--type event-category`: every old address of an event and a category answers 301 to the new one;
the old index and calendar file addresses are not kept; a changed slug keeps its old address as an
alias too (docs/events.md, "Changing the prefix")."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from frontdesk.categories.operations import create_category, update_category
from frontdesk.events.operations import publish_event, update_event
from tests.events.conftest import configure_events, reload_urls

pytestmark = pytest.mark.django_db


@pytest.fixture
def tea(make_event):
    """A dated event in a category, with addresses in two languages."""
    yoga = create_category(
        "events", actor=None, values={"name": {"en": "Yoga"}, "slug": {"en": "yoga", "de": "joga"}}
    )
    return make_event(
        "Tea", slug={"en": "tea", "de": "tee"}, starts_at="2999-03-12T10:00", categories=[yoga.pk]
    )


def rebuild() -> str:
    out = StringIO()
    call_command("routes_rebuild", "--type", "event", "--type", "event-category", stdout=out, stderr=out)
    return out.getvalue()


@pytest.fixture
def workshops(settings, tea):
    """The prefix changed to workshops, the site restarted (its URL patterns read again) and the
    addresses rebuilt; the site's own prefix restored after the test."""
    before = settings.FRONTDESK
    configure_events(settings, prefix="workshops")
    reload_urls()
    assert "Changed 6 addresses of 2 objects" in rebuild()
    yield
    settings.FRONTDESK = before
    reload_urls()


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("/events/tea", "/workshops/tea"),
        ("/de/events/tee", "/de/workshops/tee"),
        ("/ru/events/tea?from=mail", "/ru/workshops/tea?from=mail"),
        ("/events/yoga", "/workshops/yoga"),
        ("/de/events/joga", "/de/workshops/joga"),
    ],
)
def test_old_addresses_answer_301_to_the_new_ones(client, workshops, old, new):
    response = client.get(old)
    assert (response.status_code, response["Location"]) == (301, new)


def test_the_old_index_and_calendar_file_addresses_are_not_kept(client, workshops):
    # The index and .ics patterns stand under the prefix of the moment; the former prefix is
    # remembered by no setting, so their old addresses are free and answer 404.
    for old in ("/events", "/de/events", "/events/tea.ics", "/de/events/tee.ics"):
        assert client.get(old).status_code == 404, old
    for new in ("/workshops", "/de/workshops"):
        assert client.get(new).status_code == 200, new


def test_a_second_rebuild_changes_nothing(workshops):
    assert "Changed 0 addresses" in rebuild()


def test_a_changed_event_slug_keeps_its_old_address_as_an_alias(client, tea):
    update_event(tea, actor=None, values={"slug": {"en": "tea-and-talk"}}, revision=tea.revision)
    assert client.get("/events/tea").status_code != 301  # waiting in the draft: nothing moves
    publish_event(tea, actor=None)
    response = client.get("/events/tea?from=mail")
    assert (response.status_code, response["Location"]) == (301, "/events/tea-and-talk?from=mail")
    assert client.get("/de/events/tee").status_code != 301  # the German slug did not change


def test_a_changed_category_slug_keeps_its_old_address_as_an_alias(client, tea):
    from frontdesk.categories.models import Category

    yoga = Category.objects.get(slug__en="yoga")
    update_category(yoga, actor=None, values={"slug": {"en": "yoga-classes"}})
    response = client.get("/events/yoga")
    assert (response.status_code, response["Location"]) == (301, "/events/yoga-classes")


def test_an_old_address_another_event_takes_answers_that_event(client, tea, make_event):
    update_event(tea, actor=None, values={"slug": {"en": "tea-and-talk"}}, revision=tea.revision)
    publish_event(tea, actor=None)
    other = make_event("Other tea", slug="tea")
    assert other.slug["en"] == "tea"
    assert client.get("/events/tea").status_code != 301
