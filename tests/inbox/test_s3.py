"""Attachments on S3 (docs/configuration.md, "S3 storage"), against moto's S3 server (tests/s3.py):
a visitor's file is an object under the private prefix, which nobody reads without the site's
keys at any address; the panel's download route streams it; deleting and pruning remove it."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
import time_machine
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from frontdesk.inbox.antispam import issue_timestamp
from frontdesk.inbox.models import Status, Submission
from frontdesk.inbox.models.submissions import inbox_storage
from frontdesk.inbox.operations import create_form, update_submission
from tests.clients import INBOX_API

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]

PDF = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n"


@pytest.fixture
def apply_form(db):
    return create_form(
        actor=None,
        values={"slug": "apply", "title": {"en": "Apply"}},
        fields=[
            {"machine_name": "name", "type": "text", "label": {"en": "Name"}, "required": True},
            {"machine_name": "cv", "type": "file", "label": {"en": "CV"}},
        ],
    )


def post_with_a_file(days_ago: int = 0) -> Submission:
    """The apply form posted as a visitor's browser would, with a PDF."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    with time_machine.travel(timezone.now() - timedelta(days=days_ago, minutes=1)):
        stamp = issue_timestamp("apply")
    with time_machine.travel(timezone.now() - timedelta(days=days_ago)):
        response = Client().post(
            "/site/forms/apply",
            {
                "site_form": "apply",
                "site_ts": stamp,
                "homepage": "",
                "fields[name]": "Ada",
                "fields[cv][]": [SimpleUploadedFile("cv.pdf", PDF, "application/pdf")],
            },
            HTTP_ORIGIN="http://testserver",
            HTTP_ACCEPT="application/json",
        )
    assert response.status_code == 200, response.content
    return Submission.objects.latest("pk")


def test_an_attachment_is_a_private_object_that_only_the_download_route_serves(s3, apply_form, make_user):
    submission = post_with_a_file()
    attachment = submission.files.get()
    key = f"private/{attachment.stored_name.name}"
    assert key in s3.objects() and key.startswith("private/inbox/")
    # Nobody reads it without the site's keys: not at the store's own address of the object,
    # not beside the media files at the public base, and the storage makes no address at all.
    for url in (f"{s3.store.endpoint}/{s3.bucket}/{key}", f"{s3.media_url}../{key}", f"{s3.media_url}{key}"):
        assert s3.store.anonymous_get(url).status_code in {403, 404}, url
    with pytest.raises(ValueError, match="no address"):
        inbox_storage().url(attachment.stored_name.name)
    viewer = Client()
    viewer.force_login(make_user("inbox.view"))
    download = viewer.get(f"{INBOX_API}/submissions/{submission.pk}/files/{attachment.pk}")
    assert download.status_code == 200
    assert b"".join(download.streaming_content) == PDF
    assert download["Content-Disposition"] == 'attachment; filename="cv.pdf"'
    assert "Location" not in download  # streamed by the site, never sent on to the store
    assert Client().get(f"{INBOX_API}/submissions/{submission.pk}/files/{attachment.pk}").status_code in {
        401,
        403,
    }


def test_inbox_prune_removes_the_objects_of_the_submissions_it_deletes(s3, apply_form, make_user):
    old, new = post_with_a_file(days_ago=40), post_with_a_file()
    spam = Status.objects.get(is_spam=True)
    for submission in (old, new):
        update_submission(submission, actor=make_user("inbox.update"), values={"status": spam})
    old_key, new_key = (f"private/{item.files.get().stored_name.name}" for item in (old, new))
    assert {old_key, new_key} <= s3.objects()
    call_command("inbox_prune", stdout=StringIO())
    assert not Submission.objects.filter(pk=old.pk).exists()
    assert old_key not in s3.objects() and new_key in s3.objects()
