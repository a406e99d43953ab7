"""The inbox's demo content: two forms with several field types, seeded and removed by `frontdesk demo`."""

from __future__ import annotations

from collections import deque
from html.parser import HTMLParser
from io import StringIO
from urllib.parse import urljoin, urlsplit

import pytest
from django.core import mail
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation

from frontdesk.inbox import queries
from frontdesk.inbox.demo import DEMO_FORMS
from frontdesk.inbox.models import Form, Submission
from frontdesk.inbox.operations import accept_submission, create_form

pytestmark = pytest.mark.django_db


def demo(*args) -> str:
    out = StringIO()
    call_command("demo", *args, stdout=out)
    return out.getvalue()


def test_demo_seeds_a_contact_and_an_event_enquiry_form():
    output = demo()
    assert "inbox: 2 demo forms created" in output
    assert set(Form.objects.values_list("slug", flat=True)) == {"contact", "event-enquiry"}
    types = set(Form.objects.get(slug="event-enquiry").live_fields().values_list("type", flat=True))
    assert types == {"text", "email", "date", "radio", "checkbox", "hidden"}


def test_demo_twice_creates_nothing_twice():
    demo()
    assert "0 demo forms created (2 already there)" in demo()
    assert Form.objects.count() == 2


def test_the_demo_forms_take_submissions_and_go_away_with_them():
    demo()
    contact = Form.objects.get(slug="contact")
    accept_submission(
        contact,
        {"name": "Ada", "email": "ada@example.org", "message": "Hello there, friends.", "consent": "on"},
    )
    assert "inbox: 2 demo forms removed" in demo("--remove")
    assert not Form.objects.exists() and not Submission.objects.exists()


def test_remove_leaves_an_editors_form_called_contact_with_its_submissions(contact_form, good_answers):
    # The editor's own `contact`, and a form under the demo enquiry's title.
    submission, _created = accept_submission(contact_form, good_answers)
    enquiry_title = {"en": "Ask about an event"}
    own_enquiry = create_form(actor=None, values={"slug": "our-events", "title": enquiry_title}, fields=[])
    output = demo()
    assert "inbox: 1 demo forms created (0 already there); left out, their slug is taken: contact" in output
    assert Form.objects.get(slug="contact") == contact_form  # the demo did not touch it
    assert "inbox: 1 demo forms removed" in demo("--remove")
    assert set(Form.objects.all()) == {contact_form, own_enquiry}
    assert list(Submission.objects.all()) == [submission]


def test_remove_finds_a_demo_form_an_editor_renamed():
    demo()
    Form.objects.filter(slug="event-enquiry").update(slug="events", title={"en": "Events"})
    demo("--remove")
    assert not Form.objects.exists()


def test_the_demo_inbox_has_submissions_in_several_states_and_mailed_nobody(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        demo()
    contact = Form.objects.get(slug="contact")
    tabs = {tab.label: tab.count for tab in queries.tabs(contact)}
    assert tabs["All"] >= 6 and tabs["Unread"] >= 3 and tabs["Spam"] == 1
    assert sum(1 for label, count in tabs.items() if count and label not in ("All", "Unread")) >= 4
    assert mail.outbox == []
    assert contact.options["recipients"]["addresses"] == ["office@example.com"]


# --- The demo pages reached from the home page --------------------------------------------------

PREFIXES = {"en": "", "de": "/de", "ru": "/ru"}


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.language = ""

    def handle_starttag(self, tag, attrs) -> None:
        values = dict(attrs)
        if tag == "a" and values.get("href"):
            self.hrefs.append(values["href"])
        if tag == "html":
            self.language = values.get("lang", "")


def walk(client: Client, language: str, limit: int = 40) -> dict[str, str]:
    """Follow same-site links from the home page of `language`, breadth first, staying in it.

    Returns each page reached (path -> the language its <html> says). A link to another language's
    pages is not followed, so a page counts only when it is reached in the walk's own language.
    """
    prefix = PREFIXES[language]
    others = tuple(f"{other}/" for code, other in PREFIXES.items() if other and code != language)
    start = f"{prefix}/"
    queue: deque[str] = deque([start])
    reached: dict[str, str] = {}
    while queue and len(reached) < limit:
        path = queue.popleft()
        if path in reached:
            continue
        response = client.get(path)
        if response.status_code != 200 or "text/html" not in response["Content-Type"]:
            reached[path] = ""
            continue
        parser = Links()
        parser.feed(response.content.decode())
        reached[path] = parser.language
        for href in parser.hrefs:
            address = urlsplit(urljoin(f"http://testserver{path}", href))
            if address.netloc != "testserver" or address.path.startswith(others):
                continue
            if prefix and not address.path.startswith(start):
                continue
            queue.append(address.path)
    return reached


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_every_demo_page_is_reached_by_links_from_the_home_page_in_each_language(client, language):
    demo()
    reached = walk(client, language)
    for values, _fields in DEMO_FORMS:
        with translation.override(language):
            page = reverse("inbox-site:form-page", kwargs={"slug": values["slug"]})
        assert reached.get(page) == language, (
            f"{page} not reached from {PREFIXES[language]}/: {sorted(reached)}"
        )
        html = client.get(page).content.decode()
        assert f"<h1>{values['title'][language]}</h1>" in html


def test_a_switched_off_demo_form_is_not_linked_from_the_home_page(client):
    demo()
    Form.objects.filter(slug="event-enquiry").update(is_switched_off=True)
    reached = walk(client, "en")
    assert "/forms/contact/" in reached and "/forms/event-enquiry/" not in reached
