"""What a no-script post leaves in the session: only what the page shows again, bounded per form,
nothing for a form that is not there, and never more than the rate limit lets through."""

from __future__ import annotations

import base64
import json
import os

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client

from frontdesk.inbox.door import SESSION_KEY
from frontdesk.inbox.operations import update_form

pytestmark = pytest.mark.django_db

ORIGIN = "http://testserver"


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    cache.clear()
    yield
    cache.clear()


def session_bytes() -> int:
    """The stored size of every session: what a flood of posts would grow on the disk."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT COALESCE(SUM(LENGTH(session_data)), 0) FROM django_session")
        return int(cursor.fetchone()[0])


def random_text(size: int) -> str:
    return base64.b64encode(os.urandom(size * 3 // 4)).decode()


def big_post(timestamp: str) -> dict:
    """2 MB of random text over the form's own inputs, an input it does not have and site_form."""
    chunk = 400_000
    return {
        "site_ts": timestamp,
        "homepage": "",
        "site_form": random_text(chunk),
        "fields[name]": random_text(chunk),
        "fields[message]": random_text(chunk),
        "fields[days][]": [random_text(chunk // 2), random_text(chunk // 2)],
        "fields[no_such_field]": random_text(chunk),
    }


@pytest.mark.parametrize("slug", ["contact", "no-such-form"])
def test_fifty_big_refused_posts_grow_the_session_table_by_less_than_100_kb(contact_form, minted, slug):
    before = session_bytes()
    statuses = set()
    for _ in range(50):
        # A fresh client each time: a flood keeps no cookie, so every post could make a new row.
        response = Client().post(f"/site/forms/{slug}", big_post(minted), HTTP_ORIGIN=ORIGIN)
        statuses.add(response.status_code)
    grown = session_bytes() - before
    assert grown < 100_000, f"the session table grew by {grown} bytes"
    assert statuses <= {302, 404, 429}


@pytest.mark.parametrize("switched_off", [False, True], ids=["unknown", "switched-off"])
def test_a_no_script_post_to_a_form_that_is_not_there_keeps_nothing_in_the_session(
    contact_form, good_answers, minted, switched_off
):
    update_form(contact_form, actor=None, values={"is_switched_off": switched_off})
    client = Client()
    slug = "contact" if switched_off else "no-such-form"
    response = client.post(
        f"/site/forms/{slug}",
        {"site_ts": minted, "site_form": slug, "fields[name]": "Ada"},
        HTTP_ORIGIN=ORIGIN,
    )
    assert response.status_code == 404
    assert not Session.objects.exists()
    assert settings.SESSION_COOKIE_NAME not in response.cookies


def test_a_refused_post_keeps_only_the_forms_own_fields_cut_to_their_limits(contact_form, minted):
    update_form(
        contact_form,
        actor=None,
        values={},
        fields=[{"machine_name": "cv", "type": "file", "label": {"en": "CV"}, "extensions": ["txt"]}],
    )
    client = Client()
    response = client.post(
        "/site/forms/contact",
        {
            "site_ts": minted,
            "site_form": "contact",
            "fields[name]": "N" * 5000,  # the field takes at most 100 characters
            "fields[email]": "e" * 5000,
            "fields[topic]": "not a choice",
            "fields[days][]": ["tue", "sunday"],
            "fields[message]": "M" * 20_000,
            "fields[consent]": "on",
            "fields[no_such_field]": "kept nowhere",
            "fields[cv]": SimpleUploadedFile("cv.txt", b"file contents never travel"),
        },
        HTTP_ORIGIN=ORIGIN,
    )
    assert response.status_code == 302
    kept = client.session[SESSION_KEY]
    values = kept["values"]
    assert set(values) <= {"name", "email", "days", "message", "consent"}
    assert values["name"] == "N" * 100
    assert values["days"] == ["tue"]
    assert values["consent"] == "on"
    assert len(values["email"]) <= 320
    assert values["message"].startswith("MMM")
    assert len(json.dumps(values, separators=(",", ":"))) <= 4096  # as the session writes it
    assert "file contents" not in json.dumps(kept)
    assert kept["form"] == "contact" and kept["status"] == 422


def test_site_form_is_kept_only_when_it_is_a_form_name(contact_form, good_answers, minted):
    client = Client()
    client.post(
        "/site/forms/contact",
        {"site_ts": minted, "site_form": "x" * 5000, "fields[name]": ""},
        HTTP_ORIGIN=ORIGIN,
    )
    assert client.session[SESSION_KEY]["form"] == "contact"


def test_refused_posts_count_toward_the_rate_limit_and_keep_nothing_once_over_it(
    contact_form, good_answers, minted
):
    update_form(contact_form, actor=None, values={"options": {"antispam": {"throttle": 3}}})
    refused = [
        Client()
        .post("/site/forms/contact", {"site_ts": "forged", "fields[name]": "Ada"}, HTTP_ORIGIN=ORIGIN)
        .status_code
        for _ in range(3)
    ]
    assert refused == [302, 302, 302]
    # Judged in the spec's order, the fourth is still the timestamp's refusal; over the limit, it
    # is answered with a page and nothing is kept.
    flood = Client().post("/site/forms/contact", {"site_ts": "forged"}, HTTP_ORIGIN=ORIGIN)
    assert flood.status_code == 422
    assert settings.SESSION_COOKIE_NAME not in flood.cookies
    assert "The form could not be checked" in flood.content.decode()
    genuine = {"site_ts": minted, **{f"fields[{name}]": value for name, value in good_answers.items()}}
    genuine.pop("fields[days]")
    late = Client().post("/site/forms/contact", genuine, HTTP_ORIGIN=ORIGIN, HTTP_ACCEPT="application/json")
    assert late.status_code == 429
    assert 1 <= int(late["Retry-After"]) <= 60
