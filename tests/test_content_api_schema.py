"""Schemathesis over the content modules' part of /api/cms/openapi.json (pages, services, the FAQ,
the events and their categories, the block system's reads, and the shared categories' router as the test app mounts it twice), against the
real server: for generated bodies, queries and ids, valid and invalid, no answer is a server error
and every answer matches what the document says (status code, content type, body schema). The
picture library has its own walk (tests/pictures/test_pictures_api_schema.py)."""

from __future__ import annotations

import re
import zlib

import hypothesis
import pytest
from django.apps import apps

from frontdesk.blocks.models import BlockType
from frontdesk.categories.operations import bin_category, create_category
from frontdesk.core.api import api
from frontdesk.pages import operations as pages
from frontdesk.pages.models import Page
from frontdesk.services.operations import bin_service, create_service
from tests.api_walks import CHECKS, session_headers, walk
from tests.testapp.categories import HAPPENING, TOPIC

pytestmark = pytest.mark.live

PATHS = r"^/api/cms/(pages|services|blocks|testapp|faq|events)(/|$)"
schema = walk(PATHS)


# What each schemathesis walk covers; the routes of the signed-in account and of notes are walked
# by none (they are older than the walks and have their own door tests).
WALKS = [PATHS, r"^/api/cms/inbox/", r"^/api/cms/settings", r"^/api/cms/pictures"]
UNWALKED = {"/api/cms/me", "/api/cms/accounts", "/api/cms/entities/{entity}/{object_id}/notes"}


def test_every_content_route_is_walked():
    # A module's router mounted under a new prefix would otherwise be left out without a word.
    paths = set(api.get_openapi_schema()["paths"])
    left = {path for path in paths - UNWALKED if not any(re.match(walk, path) for walk in WALKS)}
    assert left == set()
    assert {path for path in paths if re.match(PATHS, path)} >= {
        "/api/cms/pages/{page}/blocks",
        "/api/cms/services/sorting",
        "/api/cms/blocks/pickers/{collection}/{picker}",
        "/api/cms/testapp/topics/reorder",
    }
    if apps.is_installed("frontdesk.faq"):
        assert {"/api/cms/faq/questions/{question}/restore", "/api/cms/faq/categories/picker"} <= {
            path for path in paths if re.match(PATHS, path)
        }
    if apps.is_installed("frontdesk.events"):
        assert {"/api/cms/events/{event}/duplicate", "/api/cms/events/categories/picker"} <= {
            path for path in paths if re.match(PATHS, path)
        }


def faq_rows() -> tuple[dict, dict]:
    """A question in a FAQ category and one in the bin, a FAQ category and one in the bin: the
    samples of the FAQ's routes (an optional app, imported only when it is installed)."""
    from frontdesk.faq.operations import bin_question, create_question

    category, binned_category = (
        create_category("faq", actor=None, values={"name": {"en": name}}) for name in ("Shipping", "Gone")
    )
    bin_category(binned_category, actor=None)
    question, binned = (
        create_question(actor=None, values={"question": {"en": text}, "categories": [category.pk]})
        for text in ("How long does shipping take?", "Old question?")
    )
    bin_question(binned, actor=None)
    return (
        {"question": question.pk, "category": {"faq/categories": category.pk}},
        {"question": binned.pk, "category": {"faq/categories": binned_category.pk}},
    )


def event_rows() -> tuple[dict, dict]:
    """A published event (version 1) with a pending edit in an event category, one in the bin, an
    event category and one in the bin: the samples of the events' routes (an optional app)."""
    from frontdesk.events import operations as events

    category, binned_category = (
        create_category("events", actor=None, values={"name": {"en": name}, "slug": {"en": slug}})
        for name, slug in (("Yoga", "yoga"), ("Gone", "gone-events"))
    )
    bin_category(binned_category, actor=None)
    event = events.publish_event(
        events.create_event(
            actor=None,
            values={
                "title": {"en": "Morning yoga"},
                "starts_at": "2027-03-20T08:00",
                "categories": [category.pk],
            },
        ),
        actor=None,
    )
    event = events.update_event(
        event, actor=None, values={"lead": {"en": "Bring a mat."}}, revision=event.revision
    )
    binned = events.create_event(actor=None, values={"title": {"en": "Old event"}})
    events.bin_event(binned, actor=None)
    return (
        {"event": event.pk, "category": {"events/categories": category.pk}},
        {"event": binned.pk, "category": {"events/categories": binned_category.pk}},
    )


@pytest.fixture
def world(live_site, admin_user) -> dict:
    """Real rows for the path parameters (a published page with a version, a service, a question in
    a FAQ category, a category of each test type), the host's block types, and an administrator's session with its CSRF token."""
    for slug in ("heading", "text"):
        BlockType.objects.create(slug=slug, code=slug, name={"en": slug})
    page = pages.create_page(
        actor=None,
        values={
            "title": {"en": "About"},
            "slug": {"en": "about"},
            "content": {"en": [{"type": "heading", "values": {"text": "Hello"}}]},
            "in_menu": True,
        },
    )
    page = pages.publish_page(page, actor=None)
    binned_page = pages.create_page(actor=None, values={"title": {"en": "Old"}, "slug": {"en": "old"}})
    pages.bin_page(binned_page, actor=None)
    service, binned_service = (
        create_service(actor=None, values={"title": {"en": title}}) for title in ("Garden design", "Old")
    )
    bin_service(binned_service, actor=None)
    topic, binned_topic = (
        create_category(TOPIC, actor=None, values={"name": {"en": name}}) for name in ("Billing", "Old")
    )
    happening, binned_happening = (
        create_category(HAPPENING, actor=None, values={"name": {"en": name}, "slug": {"en": name.lower()}})
        for name in ("Camps", "Old")
    )
    for category in (binned_topic, binned_happening):
        bin_category(category, actor=None)
    faq, binned_faq = faq_rows() if apps.is_installed("frontdesk.faq") else ({}, {})
    events, binned_events = event_rows() if apps.is_installed("frontdesk.events") else ({}, {})
    return {
        "base_url": live_site,
        "headers": session_headers(admin_user),
        "samples": {
            "page": page.pk,
            "number": 1,
            "service": service.pk,
            "collection": "test-snippets",
            "picker": "groups",
            **faq,
            **events,
            "category": {
                "topics": topic.pk,
                "happening-categories": happening.pk,
                **faq.get("category", {}),
                **events.get("category", {}),
            },
        },
        "binned": {  # what a Restore route takes
            "page": binned_page.pk,
            "service": binned_service.pk,
            **binned_faq,
            **binned_events,
            "category": {
                "topics": binned_topic.pk,
                "happening-categories": binned_happening.pk,
                **binned_faq.get("category", {}),
                **binned_events.get("category", {}),
            },
        },
    }


def chosen(*parts: object) -> bool:
    """Three cases in four, chosen from the case itself, so that every run takes the same ones."""
    return bool(zlib.crc32("\0".join(map(str, parts)).encode()) % 4)


def sample_for(operation: str, parameter: str, value: object, world: dict) -> object:
    """The real row for a path parameter three cases in four (a row in the bin for a Restore
    route), else the generated value."""
    restoring = operation.endswith("}/restore") and "/versions/" not in operation
    samples = world["binned"] if restoring else world["samples"]
    if parameter not in samples or not chosen(operation, parameter, value):
        return value
    sample = samples[parameter]
    if isinstance(sample, dict):  # one name, a row of each mounted type
        return next((row for part, row in sample.items() if f"/{part}/" in operation), value)
    return sample


def current_revision(parameters: dict) -> int | None:
    """The revision of the page or the event a case names by its id (None for anything else)."""
    page, event = parameters.get("page"), parameters.get("event")
    if isinstance(page, int):
        return Page.all_objects.filter(pk=page).values_list("revision", flat=True).first()
    if isinstance(event, int) and apps.is_installed("frontdesk.events"):
        from frontdesk.events.models import Event

        return Event.all_objects.filter(pk=event).values_list("revision", flat=True).first()
    return None


@schema.parametrize()
@hypothesis.settings(
    deadline=None,
    suppress_health_check=list(hypothesis.HealthCheck),
    phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate],  # no shrinking: keep the run short
)
def test_content_routes_answer_as_documented(case, world):
    for name, value in list(case.path_parameters.items()):
        case.path_parameters[name] = sample_for(case.operation.label, name, value, world)
    guarded = current_revision(case.path_parameters)
    if guarded is not None and isinstance(case.body, dict) and "revision" in case.body and chosen(case.body):
        # The record's current revision, so a save reaches its values instead of stopping at the 409.
        case.body["revision"] = guarded
    case.call_and_validate(base_url=world["base_url"], headers=world["headers"], checks=CHECKS)
