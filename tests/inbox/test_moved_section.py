"""A site that moves the Inbox (FRONTDESK["panel"]["paths"]) keeps every link to it right."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.core import mail
from django.test import override_settings
from django.urls import get_resolver

from frontdesk.inbox.operations import accept_submission, update_form

pytestmark = pytest.mark.django_db

MOVED = {
    **settings.FRONTDESK,
    "panel": {**settings.FRONTDESK.get("panel", {}), "paths": {"inbox": "post"}},
}


@pytest.fixture(autouse=True)
def _site_urls_built_first():
    """The site's own URLconf is built once per process from the settings of that moment: build
    it before this test moves the Inbox, or every later test would find it moved."""
    get_resolver().url_patterns  # noqa: B018


@override_settings(FRONTDESK=MOVED, ROOT_URLCONF="tests.moved_inbox_urls")
def test_the_mail_link_and_the_accounts_sections_lead_to_the_moved_inbox(
    contact_form, good_answers, make_user, client, django_capture_on_commit_callbacks
):
    update_form(
        contact_form, actor=None, values={"options": {"recipients": {"addresses": ["desk@example.com"]}}}
    )
    with django_capture_on_commit_callbacks(execute=True):
        submission, _created = accept_submission(contact_form, good_answers)
    link = re.search(rf"{re.escape(settings.BASE_URL)}(/\S+)", mail.outbox[0].body).group(1)
    assert link == f"/cms/post/submissions/{submission.pk}/"

    client.force_login(make_user("inbox.view"))
    page = client.get(link)
    assert page.status_code == 200 and "Ada Lovelace" in page.content.decode()
    sections = {
        section["key"]: section["address"] for section in client.get("/api/cms/me").json()["sections"]
    }
    assert sections["inbox"] == "/cms/post/"
    assert client.get(sections["inbox"]).status_code in (200, 302)
    assert client.get("/cms/inbox/").status_code == 404  # the old address is gone, not half served
