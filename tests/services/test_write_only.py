"""Issue 25 item 2: a caller who may change services but not read them (services.manage without
services.view, or a token with services:write and not services:read) learns from a change only
which service it changed, never a hidden service's texts; through the API and the agent tools."""

from __future__ import annotations

import pytest

from frontdesk.core.acting import acting_with
from frontdesk.core.models import ApiToken
from frontdesk.services.inputs import ServiceChange, ServiceIn
from frontdesk.services.mcp_tools import services_create, services_update
from frontdesk.services.operations import bin_service
from tests.clients import client_for
from tests.services.conftest import make_service

pytestmark = pytest.mark.django_db

API = "/api/cms/services"
HIDDEN = "Secret merger consulting"


@pytest.fixture
def hidden():
    return make_service(HIDDEN, "merger", lead={"en": "Not yet announced"}, is_visible=False)


def _answers(client, service, **credentials) -> list[tuple[int, str]]:
    changed = client.put(f"{API}/{service.pk}", {}, content_type="application/json", **credentials)
    created = client.post(
        API,
        {"title": {"en": "Fresh"}, "slug": {"en": "fresh"}},
        content_type="application/json",
        **credentials,
    )
    bin_service(service, actor=None)
    restored = client.post(f"{API}/{service.pk}/restore", {}, content_type="application/json", **credentials)
    return [(response.status_code, response.content.decode()) for response in (changed, created, restored)]


def test_an_account_that_may_change_but_not_read_services_gets_only_the_id(hidden, make_user):
    answers = _answers(client_for(make_user("services.manage")), hidden)
    assert [status for status, _body in answers] == [200, 201, 200]
    assert answers[0][1] == f'{{"id": {hidden.pk}}}' and answers[2][1] == f'{{"id": {hidden.pk}}}'
    assert all(HIDDEN not in body and "Not yet announced" not in body for _status, body in answers)


def test_a_token_that_may_write_but_not_read_services_gets_only_the_id(hidden, make_user, client):
    secret = ApiToken.issue(make_user(is_superuser=True), "write only", ["services:write"])[1]
    answers = _answers(client, hidden, HTTP_AUTHORIZATION=f"Bearer {secret}")
    assert [status for status, _body in answers] == [200, 201, 200]
    assert all(HIDDEN not in body for _status, body in answers)


def test_a_reader_still_gets_the_whole_service(hidden, editor):
    response = client_for(editor).put(f"{API}/{hidden.pk}", {}, content_type="application/json")
    assert response.json()["title"] == {"en": HIDDEN}


def test_the_service_tools_answer_a_writer_only_the_id(hidden, make_user):
    token = ApiToken.issue(make_user(is_superuser=True), "write only", ["services:write"])[0]
    for number, (actor, acting) in enumerate(((make_user("services.manage"), None), (token.account, token))):
        with acting_with(acting):
            updated = services_update(actor, hidden.pk, ServiceChange())
            created = services_create(actor, ServiceIn(title={"en": f"Fresh {number}"}))
        assert updated == {"service": {"id": hidden.pk}}
        assert set(created["service"]) == {"id"}
