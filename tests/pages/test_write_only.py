"""Issue 25 item 2: a caller who may change pages but not read them (pages.manage without
pages.view, or a token with pages:write and not pages:read) learns from a change only which page
it changed, never the draft; through the API's changing routes and the agent tools alike."""

from __future__ import annotations

import pytest
from django.test import Client

from frontdesk.core.acting import acting_with
from frontdesk.core.models import ApiToken
from frontdesk.pages import operations
from frontdesk.pages.inputs import BlocksEditIn, PageIn
from frontdesk.pages.mcp_tools import blocks_edit_content, pages_create, pages_publish
from frontdesk.publishing.schemas import StepIn
from tests.clients import client_for
from tests.pages.conftest import text

pytestmark = pytest.mark.django_db

API = "/api/cms/pages"
DRAFT_TITLE, DRAFT_TEXT = "Q3 layoffs announcement DRAFT", "Only readers may see this block"


@pytest.fixture
def draft(make_page):
    """A published page whose draft holds a title and a block nobody outside pages.view may read."""
    page = make_page("news", "News", publish=True)
    return operations.update_page(
        page,
        actor=None,
        values={"title": {"en": DRAFT_TITLE}, "content": {"en": [text(f"<p>{DRAFT_TEXT}</p>")]}},
        revision=page.revision,
    )


@pytest.fixture
def writer(make_user):
    return make_user("pages.manage")


def _writer_token(make_user) -> dict[str, str]:
    owner = make_user(is_superuser=True, is_staff=True)
    secret = ApiToken.issue(owner, "write only", ["pages:write"])[1]
    return {"HTTP_AUTHORIZATION": f"Bearer {secret}"}


def _changes(page) -> list[tuple[str, str, dict | None]]:
    """Every changing route of one page with a body it accepts, in an order that keeps each valid."""
    return [
        ("post", f"{API}/{page.pk}/blocks", {"language": "en", "operations": []}),
        ("put", f"{API}/{page.pk}", {"revision": page.revision}),
        ("post", f"{API}/{page.pk}/versions/1/restore", {}),
        ("post", f"{API}/{page.pk}/discard", {}),
        ("post", f"{API}/{page.pk}/publish", {}),
        ("post", f"{API}/{page.pk}/unpublish", {}),
        ("delete", f"{API}/{page.pk}", None),
        ("post", f"{API}/{page.pk}/restore", {}),
    ]


def _walk(draft, client: Client | None = None, **credentials) -> list[tuple[str, int, str]]:
    client = client or Client()
    answers = []
    for method, path, body in _changes(draft):
        if body is None:
            response = getattr(client, method)(path, **credentials)
        else:
            response = getattr(client, method)(path, body, content_type="application/json", **credentials)
        answers.append((f"{method.upper()} {path}", response.status_code, response.content.decode()))
    return answers


def test_an_account_that_may_change_but_not_read_pages_gets_only_the_page_it_changed(draft, writer):
    answers = _walk(draft, client=client_for(writer))
    assert [status for _route, status, _body in answers] == [200, 200, 200, 200, 200, 200, 204, 200]
    for route, _status, body in answers:
        assert DRAFT_TITLE not in body and DRAFT_TEXT not in body, route
    assert answers[0][2] == f'{{"page": {draft.pk}, "language": "en"}}'
    assert answers[1][2] == f'{{"id": {draft.pk}}}'  # not even the revision: it counts others' edits


def test_a_token_that_may_write_but_not_read_pages_gets_only_the_page_it_changed(draft, make_user):
    answers = _walk(draft, **_writer_token(make_user))
    assert [status for _route, status, _body in answers] == [200, 200, 200, 200, 200, 200, 204, 200]
    for route, _status, body in answers:
        assert DRAFT_TITLE not in body and DRAFT_TEXT not in body, route


def test_a_reader_still_gets_the_whole_page_from_a_change(draft, editor):
    response = client_for(editor).post(
        f"{API}/{draft.pk}/blocks", {"language": "en", "operations": []}, content_type="application/json"
    )
    assert DRAFT_TEXT in response.text
    saved = client_for(editor).put(
        f"{API}/{draft.pk}", {"revision": draft.revision}, content_type="application/json"
    )
    assert saved.json()["title"] == {"en": DRAFT_TITLE}


def test_a_stale_revision_tells_a_writer_nothing_of_the_current_one(draft, writer):
    response = client_for(writer).put(f"{API}/{draft.pk}", {"revision": 1}, content_type="application/json")
    assert response.status_code == 409
    assert str(draft.revision) not in response.text and DRAFT_TITLE not in response.text


def test_the_page_tools_answer_a_writer_only_the_page_it_changed(draft, writer, make_user):
    token = ApiToken.issue(make_user(is_superuser=True), "write only", ["pages:write"])[0]
    for actor, acting in ((writer, None), (token.account, token)):
        with acting_with(acting):
            edited = blocks_edit_content(actor, draft.pk, BlocksEditIn(language="en", operations=[]))
            published = pages_publish(actor, draft.pk, StepIn())
            created = pages_create(actor, PageIn(title={"en": "Fresh"}, slug={"en": f"fresh-{actor.pk}"}))
        assert edited == {"page": draft.pk, "language": "en"}
        assert published == {"page": {"id": draft.pk}}
        assert set(created["page"]) == {"id"}
