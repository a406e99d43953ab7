"""Arbitrary bodies, files and headers to the public door never produce a 500 and never store a
submission unless the answer was a success."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from frontdesk.inbox.antispam import issue_timestamp
from frontdesk.inbox.models import Submission

pytestmark = pytest.mark.django_db

NAMES = st.sampled_from(["name", "email", "topic", "days", "message", "consent", "nope", "", "]["])
TEXT = st.text(max_size=60)
KEYS = st.one_of(
    NAMES.map(lambda name: f"fields[{name}]"),
    NAMES.map(lambda name: f"fields[{name}][]"),
    st.sampled_from(["site_form", "site_locale", "site_ts", "homepage", "cf-turnstile-response"]),
    TEXT,
)
BODIES = st.dictionaries(KEYS, st.one_of(TEXT, st.lists(TEXT, max_size=3)), max_size=8)
HEADERS = st.fixed_dictionaries(
    {},
    optional={
        "HTTP_ORIGIN": st.one_of(st.just("http://testserver"), TEXT),
        "HTTP_REFERER": st.one_of(st.just("http://testserver/contact/"), TEXT),
        "HTTP_ACCEPT": st.sampled_from(["application/json", "text/html", "*/*", ""]),
        "HTTP_USER_AGENT": TEXT,
    },
)


def sendable_file_name(text: str) -> str:
    """`text` as a file name the test client can send.

    The client refuses a path and the names "." and ".." (SuspiciousFileOperation, raised in the
    test, not by the door); a browser cannot send them either, and Django's multipart parser drops
    such a part before any view sees it. So a slash becomes "_" and those two names get one.
    """
    name = text.replace("/", "_")
    return f"{name}_" if name in {".", ".."} else name


FILE_NAMES = st.text(min_size=1, max_size=20).map(sendable_file_name)
FILES = st.lists(st.tuples(NAMES, FILE_NAMES, st.binary(max_size=200)), max_size=2)


VALID = {
    "fields[name]": "Ada",
    "fields[email]": "ada@example.org",
    "fields[consent]": "on",
    "site_form": "contact",
}


@pytest.fixture
def genuine_timestamp():
    with time_machine.travel(timezone.now() - timedelta(minutes=1)):
        return issue_timestamp("contact")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=BODIES, headers=HEADERS, files=FILES, use_timestamp=st.booleans(), start_valid=st.booleans())
def test_any_post_is_answered_without_a_server_error(
    contact_form, genuine_timestamp, body, headers, files, use_timestamp, start_valid
):
    cache.clear()
    before = Submission.objects.count()
    # Half the examples start from a valid post, so that mutations near success are explored too.
    data = {**(VALID if start_valid else {}), **body}
    if use_timestamp:
        data["site_ts"] = genuine_timestamp
    for name, filename, content in files:
        data[f"fields[{name}]"] = SimpleUploadedFile(filename, content)
    response = Client().post("/site/forms/contact", data, **headers)
    assert response.status_code < 500
    stored = Submission.objects.count() - before
    succeeded = response.status_code in {200, 302} and (
        "application/json" not in response.get("Content-Type", "") or response.json()["ok"]
    )
    event("stored" if stored else f"answered {response.status_code}")
    if stored:
        assert succeeded


@pytest.mark.parametrize("drawn", [".", "..", "/", "a/..", "./.", "\\", "\x00", " "])
def test_every_drawn_file_name_can_be_sent_by_the_test_client(drawn):
    # Once Hypothesis had drawn (and saved) ".", the test itself raised on every later run.
    name = sendable_file_name(drawn)
    assert SimpleUploadedFile(name, b"x").name == name
