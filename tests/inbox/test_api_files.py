"""Attachments: their bytes come only from the files route, behind inbox.view; no page or body of
the panel names a storage path or a public address for them."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import quote

import pytest
import time_machine
from django.conf import settings
from django.http import FileResponse
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from frontdesk.inbox.antispam import issue_timestamp
from frontdesk.inbox.models import Submission
from frontdesk.inbox.models.submissions import Attachment, inbox_storage
from frontdesk.inbox.operations import accept_submission, create_form
from frontdesk.inbox.panel import urls as panel_urls
from tests.clients import INBOX_API as BASE

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + b"\x00" * 32


@pytest.fixture(autouse=True)
def _private_disk(inbox_disk):
    """Every test here writes attachments to a fresh directory (tests/conftest.py)."""
    return inbox_disk


@pytest.fixture
def apply_form(db):
    return create_form(
        actor=None,
        values={"slug": "apply", "title": {"en": "Apply"}},
        fields=[
            {
                "machine_name": "name",
                "type": "text",
                "label": {"en": "Name"},
                "required": True,
                "in_table": True,
            },
            {"machine_name": "cv", "type": "file", "label": {"en": "CV"}, "in_table": True},
        ],
    )


def upload(name: str, content: bytes = PDF):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, content, content_type="application/octet-stream")


def through_the_door(files: list) -> Submission:
    """Posts the apply form as a visitor's browser would, files included."""
    with time_machine.travel(timezone.now() - timedelta(minutes=1)):
        stamp = issue_timestamp("apply")
    response = Client().post(
        "/site/forms/apply",
        {
            "site_form": "apply",
            "site_ts": stamp,
            "homepage": "",
            "fields[name]": "Ada",
            "fields[cv][]": files,
        },
        HTTP_ORIGIN="http://testserver",
        HTTP_ACCEPT="application/json",
    )
    assert response.status_code == 200, response.content
    return Submission.objects.latest("pk")


@pytest.fixture
def viewer(make_user) -> Client:
    client = Client()
    client.force_login(make_user("inbox.view"))
    return client


def file_url(attachment: Attachment) -> str:
    return f"{BASE}/submissions/{attachment.submission_id}/files/{attachment.pk}"


def body_of(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def test_the_bytes_come_as_a_download_behind_inbox_view(viewer, apply_form):
    submission = through_the_door([upload("cv.pdf")])
    attachment = submission.files.get()
    response = viewer.get(file_url(attachment))
    assert response.status_code == 200
    assert isinstance(response, FileResponse)
    assert body_of(response) == PDF
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'attachment; filename="cv.pdf"'
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Content-Length"] == str(len(PDF))


@pytest.mark.parametrize(
    ("sent", "disposition"),
    [
        ("Lebenslauf Müller.pdf", "attachment; filename*=utf-8''" + quote("Lebenslauf Müller.pdf")),
        ("Резюме.pdf", "attachment; filename*=utf-8''" + quote("Резюме.pdf")),
        ('say "hi".pdf', 'attachment; filename="say \\"hi\\".pdf"'),
    ],
)
def test_the_file_name_is_encoded_safely(viewer, apply_form, sent, disposition):
    submission = through_the_door([upload(sent)])
    response = viewer.get(file_url(submission.files.get()))
    assert response["Content-Disposition"] == disposition
    assert "\n" not in response["Content-Disposition"] and "\r" not in response["Content-Disposition"]


def test_a_file_of_another_submission_is_not_found(viewer, apply_form):
    first = through_the_door([upload("one.pdf")])
    second = accept_submission(apply_form, {"name": "Bob"}, files={"cv": [upload("two.pdf", PDF + b"2")]})[0]
    foreign = second.files.get()
    assert viewer.get(f"{BASE}/submissions/{first.pk}/files/{foreign.pk}").status_code == 404
    assert viewer.get(f"{BASE}/submissions/{second.pk}/files/{foreign.pk}").status_code == 200
    for pk in ("999999", str(2**63), str(2**70), "0"):
        assert viewer.get(f"{BASE}/submissions/{first.pk}/files/{pk}").status_code == 404
        assert viewer.get(f"{BASE}/submissions/{pk}/files/{foreign.pk}").status_code == 404
    assert viewer.get(f"{BASE}/submissions/{first.pk}/files/cv.pdf").status_code == 404


def test_a_file_missing_from_the_storage_is_a_404_not_a_500(viewer, apply_form):
    attachment = through_the_door([upload("cv.pdf")]).files.get()
    inbox_storage().delete(attachment.stored_name.name)
    response = viewer.get(file_url(attachment))
    assert response.status_code == 404
    assert response.json()["message"]


def test_files_need_inbox_view(make_user, apply_form):
    attachment = through_the_door([upload("cv.pdf")]).files.get()
    assert Client().get(file_url(attachment)).status_code == 401
    outsider = Client()
    outsider.force_login(make_user("inbox.manage"))
    refused = outsider.get(file_url(attachment))
    assert refused.status_code == 403
    assert PDF not in refused.content


def test_a_bearer_token_needs_the_read_scope(make_user, apply_form):
    from frontdesk.core.models import ApiToken

    attachment = through_the_door([upload("cv.pdf")]).files.get()
    account = make_user("inbox.view")
    _token, writer = ApiToken.issue(account, "writer", ["inbox:write"])
    _token, reader = ApiToken.issue(account, "reader", ["inbox:read"])
    assert Client().get(file_url(attachment), HTTP_AUTHORIZATION=f"Bearer {writer}").status_code == 403
    allowed = Client().get(file_url(attachment), HTTP_AUTHORIZATION=f"Bearer {reader}")
    assert allowed.status_code == 200 and body_of(allowed) == PDF


# --- no public address anywhere --------------------------------------------------------------------


def panel_pages(form, submission) -> list[str]:
    """Every page of the Inbox section (panel-inbox:<name>), its parameters filled in."""
    samples = {"form": form.pk, "submission": submission.pk}
    pages = []
    for pattern in panel_urls.urlpatterns:
        names = list(pattern.pattern.converters)
        missing = [name for name in names if name not in samples]
        assert not missing, f"panel-inbox:{pattern.name} takes {missing}: give this test a sample"
        pages.append(
            reverse(f"panel:panel-inbox:{pattern.name}", kwargs={name: samples[name] for name in names})
        )
    return pages


def test_attachments_have_no_public_address_anywhere(admin_client, apply_form):
    submission = through_the_door([upload("cv.pdf"), upload("photo.png", PNG)])
    attachments = list(submission.files.all())
    secrets = {item.stored_name.name for item in attachments}
    secrets |= {item.stored_name.name.rsplit("/", 1)[-1] for item in attachments}  # the generated file name
    secrets |= {
        str(settings.STORAGES["inbox"]["OPTIONS"]["location"]),
        str(settings.INBOX_FILES_DIR),
        "/media/",
    }

    bodies = {
        "forms": admin_client.get(f"{BASE}/forms"),
        "form": admin_client.get(f"{BASE}/forms/{apply_form.pk}"),
        "fields": admin_client.get(f"{BASE}/forms/{apply_form.pk}/fields?removed=true"),
        "list": admin_client.get(f"{BASE}/forms/{apply_form.pk}/submissions"),
        "detail": admin_client.get(f"{BASE}/submissions/{submission.pk}"),
        "export": admin_client.get(f"{BASE}/forms/{apply_form.pk}/submissions/export"),
    }
    pages = {
        "/cms/inbox/", f"/cms/inbox/forms/{apply_form.pk}/", f"/cms/inbox/submissions/{submission.pk}/",
        *panel_pages(apply_form, submission),
    }  # fmt: skip
    for page in pages:
        bodies[page] = admin_client.get(page)
    shown = 0
    for name, response in bodies.items():
        assert response.status_code < 500, name
        if response.status_code != 200:
            continue  # a page another part of the panel has not built yet
        shown += 1
        text = body_of(response).decode()
        for secret in secrets:
            assert secret not in text, f"{name} shows {secret}"
    assert shown >= len(bodies) - len(pages)  # every API body was read

    detail = bodies["detail"].json()
    assert [item["name"] for item in detail["files"]] == ["cv.pdf", "photo.png"]
    for item, attachment in zip(detail["files"], attachments, strict=True):
        assert item["url"] == file_url(attachment)  # the only way to the bytes
        assert set(item) == {"id", "name", "size", "content_type", "answer", "url"}
        assert admin_client.get(item["url"]).status_code == 200
    assert "cv.pdf, photo.png" in bodies["list"].content.decode()  # names as answers, nothing more


def test_the_attachments_storage_refuses_to_make_an_address():
    from frontdesk.inbox.models.submissions import inbox_storage

    with pytest.raises(ValueError):
        inbox_storage().url("inbox/1/1/file.pdf")
