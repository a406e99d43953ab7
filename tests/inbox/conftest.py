"""Inbox fixtures: forms built through the operations, as an administrator would build them."""

from __future__ import annotations

import json
import threading
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs

import pytest
import time_machine
from django.utils import timezone

from frontdesk.inbox.antispam import issue_timestamp
from frontdesk.inbox.operations import create_form

CONTACT_FIELDS: list[dict[str, Any]] = [
    {"machine_name": "name", "type": "text", "label": {"en": "Your name", "de": "Ihr Name"}, "required": True,
     "in_table": True, "max_length": 100},
    {"machine_name": "email", "type": "email", "label": {"en": "E-mail", "de": "E-Mail"}, "required": True},
    {"machine_name": "topic", "type": "select", "label": {"en": "Topic"},
     "choices": [{"value": "quote", "label": {"en": "A quote"}}, {"value": "other", "label": {"en": "Other"}}]},
    {"machine_name": "days", "type": "checkbox", "label": {"en": "Days"}, "choices": ["mon", "tue", "wed"]},
    {"machine_name": "message", "type": "textarea", "label": {"en": "Message"}, "min_length": 5},
    {"machine_name": "consent", "type": "consent", "label": {"en": "I agree"}, "required": True},
]  # fmt: skip


@pytest.fixture
def contact_form(db):
    return create_form(
        actor=None,
        values={"slug": "contact", "title": {"en": "Contact", "de": "Kontakt"}, "email_field_name": "email"},
        fields=CONTACT_FIELDS,
    )


def minted_for(form_slug: str) -> str:
    """The door's timestamp for the form, minted a minute ago, as a visitor who took a minute to
    write would post it."""
    with time_machine.travel(timezone.now() - timedelta(minutes=1)):
        return issue_timestamp(form_slug)


@pytest.fixture
def minted() -> str:
    """The contact form's timestamp, minted a minute ago (`minted_for`)."""
    return minted_for("contact")


@pytest.fixture
def good_answers() -> dict:
    return {
        "name": "Ada Lovelace",
        "email": "ada@example.org",
        "topic": "quote",
        "days": ["tue", "mon"],
        "message": "Please call me back.",
        "consent": "on",
    }


class FakeProvider:
    """Plays a provider's verify endpoint; `mode` says what it answers."""

    def __init__(self) -> None:
        self.mode = "success"
        self.posts: list[dict[str, str]] = []
        self.release = threading.Event()
        self.url = ""


@pytest.fixture
def fake_provider():
    """A captcha provider's verify endpoint on 127.0.0.1 (point `verify_url` at `fake.url`)."""
    fake = FakeProvider()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            form = parse_qs(self.rfile.read(length).decode())
            fake.posts.append({key: values[0] for key, values in form.items()})
            if fake.mode == "slow":
                fake.release.wait(10)
            status, body = 200, {"success": fake.mode == "success"}
            if fake.mode == "failure":
                body["error-codes"] = ["invalid-input-response"]
            if fake.mode == "error":
                status, body = 500, {"error": "internal"}
            raw = b"<html>down</html>" if fake.mode == "html" else json.dumps(body).encode()
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)
            except OSError:
                pass  # the client gave up (timeout test)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    fake.url = f"http://127.0.0.1:{server.server_address[1]}/siteverify"
    yield fake
    fake.release.set()
    server.shutdown()
    server.server_close()
    thread.join(timeout=5)
