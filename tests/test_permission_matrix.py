"""Every registered panel page and API route × every role (see tests/matrix.py)."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from frontdesk.inbox.models import Status
from frontdesk.inbox.operations import accept_submission, save_form
from tests.inbox.conftest import CONTACT_FIELDS
from tests.matrix import api_routes, panel_routes, walk_matrix

PDF = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n"

INBOX_API = {
    ("GET", "/forms"), ("POST", "/forms"), ("POST", "/forms/sorting"), ("GET", "/forms/{form}"),
    ("PUT", "/forms/{form}"), ("DELETE", "/forms/{form}"), ("POST", "/forms/{form}/duplicate"),
    ("GET", "/forms/{form}/fields"), ("POST", "/forms/{form}/fields"), ("PUT", "/forms/{form}/fields/{field}"),
    ("DELETE", "/forms/{form}/fields/{field}"), ("POST", "/forms/{form}/fields/sorting"),
    ("GET", "/forms/{form}/submissions"), ("POST", "/forms/{form}/submissions"),
    ("GET", "/forms/{form}/submissions/export"), ("GET", "/submissions/{submission}"),
    ("PUT", "/submissions/{submission}"), ("POST", "/submissions/{submission}/read"),
    ("POST", "/submissions/mass"), ("GET", "/submissions/{submission}/files/{file}"),
    ("GET", "/statuses"), ("POST", "/statuses"), ("PUT", "/statuses/{status}"),
    ("DELETE", "/statuses/{status}"), ("POST", "/statuses/sorting"), ("GET", "/assignees"),
}  # fmt: skip


@pytest.fixture
def samples(make_user, account_notes, settings, tmp_path) -> dict[str, object]:
    """One real value per path parameter of every route: a form whose submission has a file."""
    settings.STORAGES = {
        **settings.STORAGES,
        "inbox": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": str(tmp_path / "inbox-files"), "base_url": None},
        },
    }
    subject = make_user(email="subject@example.com")
    fields = [*CONTACT_FIELDS, {"machine_name": "cv", "type": "file", "label": {"en": "CV"}}]
    form = save_form(None, values={"slug": "contact", "title": {"en": "Contact"}}, fields=fields)
    submission, _created = accept_submission(
        form,
        {"name": "Ada", "email": "ada@example.org", "consent": "on"},
        files={"cv": [SimpleUploadedFile("cv.pdf", PDF, content_type="application/pdf")]},
    )
    return {
        "entity": account_notes,
        "object_id": subject.pk,
        "form": form.pk,
        "field": form.live_fields().get(machine_name="message").pk,
        "submission": submission.pk,
        "file": submission.files.get().pk,
        "status": Status.objects.get(label__en="In progress").pk,
    }


def test_every_route_answers_each_role_as_its_permission_says(make_user, samples):
    assert walk_matrix(make_user, samples=samples) == []


def test_the_matrix_sees_the_hosts_routes(account_notes):
    panel = {route.template for route in panel_routes()}
    api = {(route.method, route.template) for route in api_routes({"entity": account_notes})}
    assert {"/cms/profile/", "/cms/accounts/", "/cms/tokens/"} <= panel
    assert ("POST", "/api/cms/entities/{entity}/{object_id}/notes") in api
    assert ("GET", "/api/cms/me") in api


def test_the_matrix_sees_every_inbox_route_and_page(account_notes):
    api = {(route.method, route.template) for route in api_routes({"entity": account_notes})}
    inbox = {(method, template.removeprefix("/api/cms/inbox")) for method, template in api}
    assert inbox >= INBOX_API
    routes = {route.template: route for route in panel_routes()}
    assert {"/cms/inbox/", "/cms/inbox/forms/<int:form>/", "/cms/inbox/submissions/<int:submission>/",
            "/cms/inbox/statuses/"} <= set(routes)  # fmt: skip
    assert routes["/cms/inbox/statuses/"].permissions == ("inbox.view", "inbox.manage")
