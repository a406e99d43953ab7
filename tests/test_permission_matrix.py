"""Every registered panel page and API route × every role (see tests/matrix.py)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile

from frontdesk.categories.operations import create_category
from frontdesk.core import notes
from frontdesk.inbox.models import Status
from frontdesk.inbox.operations import accept_submission, create_form
from frontdesk.pictures.operations import create_picture
from frontdesk.publishing.preview import preview_link
from frontdesk.routes.serving import address_of
from frontdesk.sitesettings.groups import INTEGRATIONS
from tests.inbox.conftest import CONTACT_FIELDS
from tests.matrix import (
    NOTE_ENTITIES,
    declared_api,
    declared_panel,
    declared_signed,
    table_problems,
    walk_matrix,
)
from tests.optional import needs
from tests.picture_files import picture_file
from tests.testapp.models import Notice, Poster, TopicQuestion

PDF = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n"


@pytest.fixture
def samples(make_user, account_notes, settings, tmp_path, media) -> dict[str, object]:
    """One real value per path parameter of every route: a form whose submission has a file."""
    settings.STORAGES = {
        **settings.STORAGES,
        "inbox": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": str(tmp_path / "inbox-files"), "base_url": None},
        },
    }
    subject = make_user(email="subject@example.com")
    fields = [*CONTACT_FIELDS, {"machine_name": "cv", "type": "file", "label": {"en": "Matrix CV label"}}]
    form = create_form(actor=None, values={"slug": "contact", "title": {"en": "Contact"}}, fields=fields)
    submission, _created = accept_submission(
        form,
        {"name": "Ada Matrixperson", "email": "ada.matrix@example.org", "consent": "on"},
        files={"cv": [SimpleUploadedFile("matrix-cv.pdf", PDF, content_type="application/pdf")]},
    )
    # A category of each test type; the topic holds a question, so its deletion is refused (409).
    topic = create_category("test-topic", actor=None, values={"name": {"en": "Matrix topic"}})
    TopicQuestion.objects.create(text="Matrix question").categories.add(topic)
    # Happenings' categories are read only with their permission (the topics' picker opens to
    # testapp.topics.edit too), so this name is a private text.
    create_category("test-happening", actor=None, values={"name": {"en": "Matrix happening"}})
    notice = Notice.objects.create(title={"en": "Matrix draft notice"}, slug="matrix")
    picture = create_picture(
        actor=None,
        values={"file": picture_file(), "name": "Matrix picture name", "alt": {"en": "Matrix picture alt"}},
    )
    # A poster uses the picture: its deletion is refused (409), so every role and token finds it;
    # the refusal and the picture's uses name the poster only to testapp.view_poster.
    Poster.objects.create(title="Matrix poster", cover=picture.key)
    optional: dict[str, object] = {}
    private: dict[str, list[str]] = {}  # an optional app's texts only its readers may see
    bodies: dict[tuple[str, str], Callable[[], dict]] = {}  # a changing route's accepted body
    if apps.is_installed("frontdesk.services"):  # an optional app (FRONTDESK_WITHOUT): its routes' sample
        from frontdesk.services.operations import create_service

        values = {"title": {"en": "Matrix hidden service"}, "slug": {"en": "garden"}, "is_visible": False}
        optional["service"] = create_service(actor=None, values=values).pk
        private["services.view"] = ["Matrix hidden service"]
    if apps.is_installed("frontdesk.faq"):
        from frontdesk.faq.operations import create_question

        values = {"question": {"en": "Matrix FAQ question?"}, "answer": {"en": "<p>Matrix answer.</p>"}}
        optional["question"] = create_question(actor=None, values=values).pk
        private["faq.view"] = ["Matrix FAQ question?", "Matrix answer."]
    if apps.is_installed("frontdesk.blocks"):  # the test module's collection (tests/testapp/blocks.py)
        optional.update(collection="test-snippets", picker="groups")
    if apps.is_installed("frontdesk.pages"):
        page, texts = _page_with_a_draft()
        optional["page"] = page
        optional["number"] = 1
        private["pages.view"] = texts
        bodies.update(_page_bodies(page))
    if apps.is_installed("frontdesk.events"):
        event, texts = _event_with_a_draft()
        optional["event"] = event
        optional["number"] = 1
        private["events.view"] = texts
        bodies.update(_event_bodies(event))
    return {
        **optional,
        "category": topic.pk,
        "token": preview_link("test.notice", notice).split("/")[2],
        "key": picture.key,
        "entity": account_notes,
        "object_id": subject.pk,
        "form": form.pk,
        "field": form.live_fields().get(machine_name="message").pk,
        "submission": submission.pk,
        "file": submission.files.get().pk,
        "status": Status.objects.get(label__en="In progress").pk,
        "group": INTEGRATIONS,
        # What only a caller who may read the record may ever see in an answer.
        "private": {
            "inbox.view": ["Ada Matrixperson", "ada.matrix@example.org", "matrix-cv.pdf", "Matrix CV label"],
            "testapp.change_notice": ["Matrix draft notice"],
            "testapp.happenings.manage": ["Matrix happening"],
            "testapp.topics.manage|testapp.topics.edit": ["Matrix topic"],  # the picker opens to edit
            "testapp.view_poster": ["Matrix poster"],
            "pictures:read": ["Matrix picture name", "Matrix picture alt"],
            **private,
        },
        "bodies": bodies,
    }


def _page_with_a_draft() -> tuple[int, list[str]]:
    """A published page (version 1 holds its title and a text block) with a draft over it (a new
    title and block): the page's id and the four texts only pages.view may read."""
    from frontdesk.blocks.models import BlockType
    from frontdesk.pages import operations as pages

    BlockType.objects.get_or_create(slug="text", defaults={"code": "text", "name": {"en": "Text"}})

    def values(title: str, block: str) -> dict:
        return {
            "title": {"en": title},
            "content": {"en": [{"type": "text", "values": {"text": f"<p>{block}</p>"}}]},
        }

    created = pages.create_page(
        actor=None, values={**values("Matrix page title", "Matrix page block"), "slug": {"en": "matrix"}}
    )
    published = pages.publish_page(created, actor=None)
    pages.update_page(
        published,
        actor=None,
        values=values("Matrix draft title", "Matrix draft block"),
        revision=published.revision,
    )
    return published.pk, [
        "Matrix page title",
        "Matrix page block",
        "Matrix draft title",
        "Matrix draft block",
    ]


def _page_bodies(page: int) -> dict[tuple[str, str], Callable[[], dict]]:
    """Bodies the page's changing routes accept, read when called (a save needs the revision now)."""
    from frontdesk.pages.models import Page

    def current_revision() -> dict:
        found = Page.all_objects.filter(pk=page).first()
        return {"revision": found.revision if found else 1}

    return {
        ("PUT", "/api/cms/pages/{page}"): current_revision,
        ("POST", "/api/cms/pages/{page}/blocks"): lambda: {"language": "en", "operations": []},
    }


def _event_with_a_draft() -> tuple[int, list[str]]:
    """A published event (version 1) with a draft over it: its id and the texts only events.view
    may read."""
    from frontdesk.events import operations as events

    created = events.create_event(
        actor=None, values={"title": {"en": "Matrix event title"}, "lead": {"en": "Matrix event lead"}}
    )
    published = events.publish_event(created, actor=None)
    events.update_event(
        published, actor=None, values={"title": {"en": "Matrix event draft"}}, revision=published.revision
    )
    return published.pk, ["Matrix event title", "Matrix event lead", "Matrix event draft"]


def _event_bodies(event: int) -> dict[tuple[str, str], Callable[[], dict]]:
    """Bodies the event's changing routes accept, read when called (a save needs the revision now)."""
    from frontdesk.events.models import Event

    def save() -> dict:
        found = Event.all_objects.filter(pk=event).first()
        return {"values": {"lead": {"en": "Matrix event lead"}}, "revision": found.revision if found else 1}

    return {("PUT", "/api/cms/events/{event}"): save}


def test_every_route_answers_each_role_as_the_table_says(make_user, samples):
    assert walk_matrix(make_user, samples=samples) == []


def test_every_route_page_and_note_entity_declares_what_the_table_says():
    entities = {
        entity.key: (entity.view_permission, entity.add_permission) for entity in notes.registered_entities()
    }
    assert table_problems(declared_api(), declared_panel(), entities, declared_signed()) == []


def test_a_route_missing_from_the_table_or_declared_otherwise_is_reported():
    declared = declared_api()
    weakened = {**declared, ("PUT", "/api/cms/inbox/submissions/{submission}"): ("inbox.view", "inbox:write")}
    weakened[("GET", "/api/cms/inbox/secret")] = ("inbox.view", "inbox:read")
    del weakened[("GET", "/api/cms/me")]
    no_scope = {**declared, ("PUT", "/api/cms/me"): (None, None)}
    pages = {**declared_panel(), "/cms/inbox/statuses/": ("inbox.view",)}
    entities = {"inbox_submission": ("inbox.view", "inbox.view")}
    assert table_problems(
        weakened, declared_panel(), {"inbox_submission": NOTE_ENTITIES["inbox_submission"]}
    ) == [
        "GET /api/cms/inbox/secret: not in the table (tests/matrix.py, API)",
        "GET /api/cms/me: in the table, but no such route",
        "PUT /api/cms/inbox/submissions/{submission}: declares ('inbox.view', 'inbox:write'),"
        " the table says ('inbox.update', 'inbox:write')",
    ]
    assert table_problems(no_scope, pages, entities) == [
        "PUT /api/cms/me: declares (None, None), the table says (None, 'account:write')",
        "/cms/inbox/statuses/: declares ('inbox.view',), the table says ('inbox.view', 'inbox.manage')",
        "note entity inbox_submission: declares ('inbox.view', 'inbox.view'),"
        " the table says ('inbox.view', 'inbox.update')",
    ]


def test_a_signed_link_page_missing_from_the_table_is_reported():
    entities = {"inbox_submission": NOTE_ENTITIES["inbox_submission"]}
    assert declared_signed() == {"/preview/<str:token>/"}
    assert table_problems(declared_api(), declared_panel(), entities, set()) == [
        "/preview/<str:token>/: a signed-link page and the table (tests/matrix.py, SIGNED) must match"
    ]


@needs("pages")
@needs("services")
def test_the_public_site_needs_no_account_and_no_permission(client, make_user):
    """Issue 13: public pages, a service's page, a category's page, /sitemap.xml and /robots.txt
    answer every visitor alike, signed in without a permission or not at all, with no login."""
    # Imported here: a run without these optional apps cannot import their models.
    from frontdesk.blocks.models import BlockType
    from frontdesk.pages import operations as pages
    from frontdesk.services.operations import create_service

    for slug in ("heading", "text"):
        BlockType.objects.create(slug=slug, code=slug, name={"en": slug})
    content = {"en": [{"type": "heading", "values": {"text": "Open to all"}}]}
    home = pages.create_page(
        actor=None,
        values={"title": {"en": "Start"}, "slug": {"en": "start"}, "is_home": True, "content": content},
    )
    about = pages.create_page(
        actor=None,
        values={"title": {"en": "About"}, "slug": {"en": "about", "de": "ueber"}, "content": content},
    )
    for page in (home, about):
        pages.publish_page(page, actor=None)
    service = create_service(actor=None, values={"title": {"en": "Garden design"}, "slug": {"en": "garden"}})
    camps = create_category(
        "test-happening", actor=None, values={"name": {"en": "Camps"}, "slug": {"en": "camps"}}
    )
    addresses = ["/", "/de/", "/about", "/de/ueber", address_of(service, "en"), address_of(camps, "en")]
    for role in (None, make_user()):
        client.logout()
        if role is not None:
            client.force_login(role)
        for address in [*addresses, "/sitemap.xml", "/robots.txt"]:
            response = client.get(address)
            assert response.status_code == 200, (address, role)
        assert "Open to all" in client.get("/about").text and "Open to all" in client.get("/").text
        sitemap = client.get("/sitemap.xml").text
        assert "/about</loc>" in sitemap and "/services/garden</loc>" in sitemap
