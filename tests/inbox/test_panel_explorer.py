"""The Inbox explorer, the submission screen and New submission through Django's test client:
pages and permissions, the address carrying the list's state, the read rule, query counts."""

from __future__ import annotations

import re
from datetime import timedelta
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from frontdesk.core.models import LogEntry
from frontdesk.core.notes import add_note
from frontdesk.inbox import queries
from frontdesk.inbox.models import Answer, Status, Submission
from frontdesk.inbox.models.submissions import Source
from frontdesk.inbox.operations import (
    accept_submission,
    create_form,
    mark_read,
    reorder_forms,
    update_form,
    update_submission,
)
from frontdesk.inbox.operations.tallies import recount
from tests.clients import client_for

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n"


# --- helpers and fixtures --------------------------------------------------------------------


def html_of(response) -> str:
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def hrefs(html: str, pattern: str) -> list[str]:
    """Every href in the page matching the regular expression `pattern`, unescaped."""
    return [
        unescape(href) for href in re.findall(r'href="([^"]*)"', html) if re.search(pattern, unescape(href))
    ]


def params_of(url: str) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlsplit(url).query).items()}


def submit(form, answers: dict, *, minutes_ago: int = 0, **options) -> Submission:
    with time_machine.travel(timezone.now() - timedelta(minutes=minutes_ago)):
        return accept_submission(form, answers, **options)[0]


def add_submissions(form, count: int, *, prefix: str = "bulk") -> None:
    """`count` submissions of `form` written in bulk (the operations would take minutes for a
    thousand), with a `name` answer each, then the kept counts rebuilt from the rows."""
    arrival = Status.objects.get(is_arrival=True)
    start = timezone.now() - timedelta(days=30)
    Submission.objects.bulk_create(
        (
            Submission(
                form=form,
                status=arrival,
                language="en",
                answers_hash=f"{prefix}-{n}",
                search_text=f"person {n}",
                created_at=start - timedelta(minutes=n),
                updated_at=start,
            )
            for n in range(count)
        ),
        batch_size=500,
    )
    made = Submission.objects.filter(form=form, answers_hash__startswith=f"{prefix}-").values_list(
        "pk", flat=True
    )
    Answer.objects.bulk_create(
        (
            Answer(
                submission_id=pk, name="name", label={"en": "Your name"}, type="text", value=f"Person {pk}"
            )
            for pk in made
        ),
        batch_size=500,
    )
    recount(form)


def count_queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return len(captured.captured_queries)


@pytest.fixture
def viewer(make_user):
    return make_user("inbox.view")


@pytest.fixture
def clerk(make_user):
    return make_user("inbox.view", "inbox.update", email="clerk@example.com", display_name="Clara Clerk")


@pytest.fixture
def manager(make_user):
    return make_user("inbox.view", "inbox.update", "inbox.manage")


@pytest.fixture
def submission(contact_form, good_answers) -> Submission:
    return submit(contact_form, good_answers)


@pytest.fixture
def spam() -> Status:
    return Status.objects.get(is_spam=True)


# --- pages and who may open them ---------------------------------------------------------------


def test_every_page_answers_200_with_inbox_view(viewer, contact_form, submission):
    client = client_for(viewer)
    for url in (
        reverse("panel:panel-inbox:explorer"),
        reverse("panel:panel-inbox:form", args=[contact_form.pk]),
        reverse("panel:panel-inbox:submission", args=[submission.pk]),
    ):
        assert client.get(url).status_code == 200, url


def test_new_submission_needs_inbox_update(viewer, clerk, contact_form):
    url = reverse("panel:panel-inbox:new_submission", args=[contact_form.pk])
    assert client_for(viewer).get(url).status_code == 403
    assert client_for(clerk).get(url).status_code == 200


def test_anonymous_visitors_are_sent_to_the_login_page(contact_form):
    response = Client().get(reverse("panel:panel-inbox:form", args=[contact_form.pk]))
    assert response.status_code == 302
    assert "/cms/login/" in response.headers["Location"]


def test_an_address_naming_an_unknown_form_or_submission_is_404(clerk, contact_form):
    client = client_for(clerk)
    assert client.get(reverse("panel:panel-inbox:form", args=[contact_form.pk + 99])).status_code == 404
    assert (
        client.get(reverse("panel:panel-inbox:new_submission", args=[contact_form.pk + 99])).status_code
        == 404
    )
    assert client.get(reverse("panel:panel-inbox:submission", args=[424242])).status_code == 404


def test_the_inbox_opens_the_first_form_in_dragged_order(viewer, contact_form):
    other = create_form(actor=None, values={"slug": "other", "title": {"en": "Other form"}}, fields=[])
    reorder_forms(actor=None, ids=[other.pk, contact_form.pk])
    html = html_of(client_for(viewer).get(reverse("panel:panel-inbox:explorer")))
    current = re.search(r'<a class="inbox-form-link" href="([^"]+)" aria-current="true">', html)
    assert current.group(1) == reverse("panel:panel-inbox:form", args=[other.pk])
    assert '<h2 class="inbox-form-name">Other form' in html
    assert html.index("Other form") < html.index("Contact")


def test_without_forms_an_empty_state_offers_the_new_form_control_to_managers(viewer, manager):
    new_form = reverse("panel:panel-inbox:form_new")
    for_manager = html_of(client_for(manager).get(reverse("panel:panel-inbox:explorer")))
    for_viewer = html_of(client_for(viewer).get(reverse("panel:panel-inbox:explorer")))
    assert "No forms yet" in for_manager and "No forms yet" in for_viewer
    assert f'href="{new_form}"' in for_manager
    assert f'href="{new_form}"' not in for_viewer


# --- the section head and the forms column ------------------------------------------------------


def test_the_section_head_shows_new_submission_and_statuses_by_permission(
    viewer, clerk, manager, contact_form
):
    new = reverse("panel:panel-inbox:new_submission", args=[contact_form.pk])
    statuses = reverse("panel:panel-inbox:statuses")
    url = reverse("panel:panel-inbox:form", args=[contact_form.pk])
    as_viewer, as_clerk, as_manager = (html_of(client_for(u).get(url)) for u in (viewer, clerk, manager))
    assert new not in as_viewer and statuses not in as_viewer
    assert new in as_clerk and statuses not in as_clerk
    assert new in as_manager and statuses in as_manager
    for html in (as_viewer, as_clerk, as_manager):
        assert re.search(r'data-forms-button aria-expanded="false" aria-controls="inbox-forms"', html)
        assert 'id="inbox-forms"' in html


def test_a_switched_off_form_is_marked_in_words_and_takes_no_typed_in_submission(clerk, contact_form):
    update_form(contact_form, actor=None, values={"is_switched_off": True})
    html = html_of(client_for(clerk).get(reverse("panel:panel-inbox:form", args=[contact_form.pk])))
    assert "Switched off" in html
    assert reverse("panel:panel-inbox:new_submission", args=[contact_form.pk]) not in html
    page = html_of(client_for(clerk).get(reverse("panel:panel-inbox:new_submission", args=[contact_form.pk])))
    assert "This form is switched off" in page
    assert "data-new-submission" not in page


def test_the_forms_column_shows_slug_and_counts_without_spam(viewer, contact_form, good_answers, spam):
    first = submit(contact_form, good_answers)
    submit(contact_form, {**good_answers, "name": "Bob"})
    submit(contact_form, {**good_answers, "name": "Cy"})
    update_submission(first, actor=None, values={"status": spam})
    mark_read(Submission.objects.get(search_text__contains="bob"), actor=None)
    html = html_of(client_for(viewer).get(reverse("panel:panel-inbox:explorer")))
    column = re.search(r'<nav id="inbox-forms".*?</nav>', html, re.S).group(0)
    assert "<code>contact</code>" in column
    assert "2 submissions" in column  # spam left out
    assert "1 unread" in column


def test_the_forms_can_be_dragged_only_with_inbox_manage(clerk, manager, contact_form):
    url = reverse("panel:panel-inbox:form", args=[contact_form.pk])
    as_manager = html_of(client_for(manager).get(url))
    as_clerk = html_of(client_for(clerk).get(url))
    assert 'data-sortable-forms data-sort-url="/api/cms/inbox/forms/sorting"' in as_manager
    assert f'href="{reverse("panel:panel-inbox:form_new")}"' in as_manager
    assert "data-sortable-forms" not in as_clerk
    assert reverse("panel:panel-inbox:form_new") not in as_clerk


def test_the_form_tabs_link_the_editor_and_embedding_for_managers_only(viewer, manager, contact_form):
    url = reverse("panel:panel-inbox:form", args=[contact_form.pk])
    edit = reverse("panel:panel-inbox:form_edit", args=[contact_form.pk])
    embedding = reverse("panel:panel-inbox:embedding", args=[contact_form.pk])
    as_manager = html_of(client_for(manager).get(url))
    as_viewer = html_of(client_for(viewer).get(url))
    assert edit in as_manager and embedding in as_manager
    assert edit not in as_viewer and embedding not in as_viewer
    assert re.search(rf'href="{url}" aria-current="page">Submissions<', as_viewer)


# --- the list -----------------------------------------------------------------------------------


def test_tabs_are_all_unread_then_one_per_status_with_kept_counts(viewer, contact_form, good_answers, spam):
    rows = [submit(contact_form, {**good_answers, "name": f"P{n}"}) for n in range(3)]
    update_submission(rows[0], actor=None, values={"status": spam})
    mark_read(rows[1], actor=None)
    html = html_of(client_for(viewer).get(reverse("panel:panel-inbox:form", args=[contact_form.pk])))
    tabs = re.search(r'<nav class="inbox-status-tabs".*?</nav>', html, re.S).group(0)
    found = [
        (" ".join(re.sub(r"<[^>]+>", " ", label).split()), count)
        for label, count in re.findall(
            r'<a class="inbox-tab"[^>]*>(.*?)<span class="inbox-count">(\d+)</span>', tabs, re.S
        )
    ]
    statuses = [str(s) for s in Status.objects.order_by("position", "id")]
    assert [label for label, _count in found] == ["All", "Unread", *statuses]
    counts = dict(found)
    assert counts["All"] == "2" and counts["Unread"] == "1" and counts[str(spam)] == "1"
    assert re.search(r'href="\?tab=unread"', tabs) is None  # tab links are full addresses
    assert f'href="{reverse("panel:panel-inbox:form", args=[contact_form.pk])}?tab=unread"' in tabs


def test_columns_are_the_in_table_fields_and_unread_rows_say_so(viewer, contact_form, good_answers):
    read = submit(contact_form, {**good_answers, "name": "Read Person"}, minutes_ago=5)
    submit(contact_form, {**good_answers, "name": "Unread Person"})
    mark_read(read, actor=None)
    html = html_of(client_for(viewer).get(reverse("panel:panel-inbox:form", args=[contact_form.pk])))
    head = re.search(r"<thead>.*?</thead>", html, re.S).group(0)
    headings = [
        re.sub(r"<[^>]+>", "", h).strip()
        for h in re.findall(r"<th scope=\"col\"[^>]*>(.*?)</th>", head, re.S)
    ]
    assert headings == ["Your name", "Received", "Status", "Assigned to"]  # name is the only in_table field
    rows = re.findall(
        r"<tr( class=\"is-unread\")?>\s*(.*?)</tr>",
        re.search(r"<tbody>.*?</tbody>", html, re.S).group(0),
        re.S,
    )
    assert len(rows) == 2
    (first_class, first), (second_class, second) = rows
    assert first_class and "Unread Person" in first and "Unread:" in first
    assert not second_class and "Read Person" in second and "Unread:" not in second
    assert "New" in first  # the status badge says its name, not a colour alone


def test_search_and_filters_narrow_the_list(viewer, clerk, contact_form, good_answers):
    submit(contact_form, {**good_answers, "name": "Ada Lovelace"}, minutes_ago=3)
    bob = submit(contact_form, {**good_answers, "name": "Bob Builder"})
    update_submission(bob, actor=None, values={"assignee": clerk})
    url = reverse("panel:panel-inbox:form", args=[contact_form.pk])
    client = client_for(viewer)
    searched = html_of(client.get(url, {"q": "lovelace"}))
    assert "Ada Lovelace" in searched and "Bob Builder" not in searched
    assigned = html_of(client.get(url, {"assignee": clerk.pk}))
    assert "Bob Builder" in assigned and "Ada Lovelace" not in assigned
    nobody = html_of(client.get(url, {"assignee": "none"}))
    assert "Ada Lovelace" in nobody and "Bob Builder" not in nobody
    assert "No submissions match" in html_of(client.get(url, {"q": "nobody-wrote-this"}))


def test_the_assignee_filter_offers_the_accounts_that_can_open_the_inbox(
    viewer, clerk, make_user, contact_form
):
    make_user(email="outsider@example.com", display_name="Olga Outsider")
    gone = make_user("inbox.view", email="gone@example.com", display_name="Gina Gone", is_active=False)
    html = html_of(client_for(viewer).get(reverse("panel:panel-inbox:form", args=[contact_form.pk])))
    select = re.search(r'<select id="filter-assignee".*?</select>', html, re.S).group(0)
    assert f'value="{clerk.pk}"' in select and "Clara Clerk" in select
    assert "Olga Outsider" not in select and gone.display_name not in select


def test_an_account_given_the_inbox_by_a_role_can_be_assigned(viewer, make_user, contact_form):
    from django.contrib.auth.models import Group, Permission

    role = Group.objects.create(name="Front office")
    role.permissions.add(Permission.objects.get(content_type__app_label="inbox", codename="view"))
    member = make_user(email="member@example.com", display_name="Rita Role")
    member.groups.add(role)
    assert member in queries.assignees()
    html = html_of(client_for(viewer).get(reverse("panel:panel-inbox:form", args=[contact_form.pk])))
    assert "Rita Role" in re.search(r'<select id="filter-assignee".*?</select>', html, re.S).group(0)


# --- the address carries the list's state ------------------------------------------------------


def test_filters_in_the_address_come_back_out_in_every_link(viewer, clerk, contact_form, good_answers):
    for n in range(30):
        submit(contact_form, {**good_answers, "name": f"Ada number {n}"}, minutes_ago=n)
    state = {
        "tab": "unread",
        "q": "ada",
        "assignee": "none",
        "since": "2000-01-01",
        "until": "2100-12-31",
        "page": "2",
    }
    url = reverse("panel:panel-inbox:form", args=[contact_form.pk])
    html = html_of(client_for(viewer).get(url, state))
    detail = reverse("panel:panel-inbox:submission", args=[0]).removesuffix("0/")
    row_links = hrefs(html, "^" + re.escape(detail))
    assert len(row_links) == 5  # 30 rows, 25 a page: page 2 holds 5
    assert all(params_of(link) == state for link in row_links)
    previous = hrefs(html, r"[?&]page=1|^" + re.escape(url) + r"\?(?!.*page=)")
    assert any(params_of(link) == {k: v for k, v in state.items() if k != "page"} for link in previous)
    # The inputs show the filters; the tab links keep them but start at page 1.
    assert 'value="ada"' in html and 'value="2000-01-01"' in html and 'value="2100-12-31"' in html
    all_tab = hrefs(html, r"^" + re.escape(url) + r"\?(?!.*tab=)")
    assert {"q": "ada", "assignee": "none", "since": "2000-01-01", "until": "2100-12-31"} in map(
        params_of, all_tab
    )
    assert "Page 2 of 2" in html


def test_the_filter_form_lands_on_one_short_address_per_list(viewer, contact_form):
    url = reverse("panel:panel-inbox:form", args=[contact_form.pk])
    sent = {"tab": "unread", "q": "  ada   lovelace ", "status": "", "assignee": "", "since": "", "until": ""}
    response = client_for(viewer).get(url, sent)
    assert response.status_code == 302
    assert response.headers["Location"] == f"{url}?tab=unread&q=ada+lovelace"
    assert client_for(viewer).get(url, {"q": "", "page": "1"}).headers["Location"] == url


def test_the_submission_screen_leads_back_to_the_same_list_address(viewer, contact_form, good_answers):
    rows = [submit(contact_form, {**good_answers, "name": f"Ada {n}"}, minutes_ago=n) for n in range(3)]
    state = {"tab": "unread", "q": "ada", "page": "3"}
    html = html_of(client_for(viewer).get(reverse("panel:panel-inbox:submission", args=[rows[1].pk]), state))
    back = hrefs(html, "^" + re.escape(reverse("panel:panel-inbox:form", args=[contact_form.pk])) + r"\?")
    assert params_of(back[0]) == state
    for rel in ("prev", "next"):
        link = unescape(re.search(rf'href="([^"]+)" rel="{rel}"', html).group(1))
        assert params_of(link) == state


def test_previous_and_next_walk_the_filtered_list_and_stop_at_its_ends(viewer, contact_form, good_answers):
    newest = submit(contact_form, {**good_answers, "name": "Zed newest"})
    skipped = submit(contact_form, {**good_answers, "name": "Bob between"}, minutes_ago=1)
    oldest = submit(contact_form, {**good_answers, "name": "Zed oldest"}, minutes_ago=2)
    client = client_for(viewer)
    detail = reverse("panel:panel-inbox:submission", args=[0]).removesuffix("0/")
    html = html_of(client.get(f"{detail}{newest.pk}/", {"q": "zed"}))
    assert re.search(r'href="[^"]*" rel="prev"', html) is None
    assert re.search(r'role="link" aria-disabled="true" aria-label="Previous submission"', html)
    following = unescape(re.search(r'href="([^"]+)" rel="next"', html).group(1))
    assert following.startswith(f"{detail}{oldest.pk}/")  # Bob is not in the searched list
    assert str(skipped.pk) not in following
    last = html_of(client.get(following))
    assert re.search(r'aria-disabled="true" aria-label="Next submission"', last)
    assert unescape(re.search(r'href="([^"]+)" rel="prev"', last).group(1)).startswith(
        f"{detail}{newest.pk}/"
    )


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"q": "x" * 201}, "at most 200 characters"),
        ({"status": "abc"}, "whole number above zero"),
        ({"assignee": "-3"}, "whole number above zero"),
        ({"since": "2024-13-40"}, "YYYY-MM-DD"),
        ({"since": "2024-05-02", "until": "2024-05-01"}, "end date is before the start date"),
        ({"tab": "everything"}, "whole number above zero"),
        ({"page": "0"}, "page number above zero"),
        ({"page": "two"}, "page number above zero"),
        ({"status": "99999999999999999999999"}, "There is no such number here."),
        ({"assignee": "9223372036854775808"}, "There is no such number here."),
        ({"assignee": "2147483648"}, None),
        ({"status": "²"}, "whole number above zero"),
        ({"page": "²"}, "page number above zero"),
        ({"tab": "9" * 5000}, "There is no such number here."),
        ({"page": "-1"}, "page number above zero"),
        ({"q": "a\x00b"}, "Remove the NUL character"),
        ({"since": "2024-01-01\x00"}, "Enter a date as YYYY-MM-DD."),
    ],
)
def test_a_bad_filter_value_shows_the_message_not_a_server_error(
    viewer, submission, contact_form, params, message
):
    response = client_for(viewer).get(reverse("panel:panel-inbox:form", args=[contact_form.pk]), params)
    html = html_of(response)
    if message is None:  # a 64-bit id nobody has: an empty list, not an error
        assert "Some of the filters could not be used" not in html
        return
    assert "Some of the filters could not be used" in html
    assert message in unescape(html)
    assert "data-focus-on-load" in html
    assert "Ada Lovelace" in html  # the list is still shown, without the filters


def test_a_bad_filter_is_marked_on_its_input(viewer, contact_form):
    html = html_of(
        client_for(viewer).get(reverse("panel:panel-inbox:form", args=[contact_form.pk]), {"since": "soon"})
    )
    assert re.search(
        r'id="filter-since" name="since" value="soon" aria-invalid="true" aria-describedby="filter-since-error"',
        html,
    )


def test_the_search_box_takes_no_more_characters_than_the_search_accepts(viewer, contact_form):
    html = html_of(client_for(viewer).get(reverse("panel:panel-inbox:form", args=[contact_form.pk])))
    assert re.search(r'id="filter-q" name="q" value="" maxlength="(\d+)"', html)[1] == str(
        queries.MAX_SEARCH_LENGTH
    )
    longest = "a" * queries.MAX_SEARCH_LENGTH
    answered = html_of(
        client_for(viewer).get(reverse("panel:panel-inbox:form", args=[contact_form.pk]), {"q": longest})
    )
    assert "Some of the filters could not be used" not in answered


def test_a_bad_filter_on_the_submission_screen_falls_back_to_the_whole_list(viewer, submission):
    response = client_for(viewer).get(
        reverse("panel:panel-inbox:submission", args=[submission.pk]), {"since": "never"}
    )
    assert response.status_code == 200


def test_a_page_number_far_past_the_end_shows_the_last_page(viewer, submission, contact_form):
    url = reverse("panel:panel-inbox:form", args=[contact_form.pk])
    html = html_of(client_for(viewer).get(url, {"page": "9" * 5000}, follow=True))
    assert "Page 1 of 1" in html and "Ada Lovelace" in html


def test_a_page_past_the_end_shows_the_last_page(viewer, contact_form, good_answers):
    for n in range(3):
        submit(contact_form, {**good_answers, "name": f"P{n}"}, minutes_ago=n)
    html = html_of(
        client_for(viewer).get(reverse("panel:panel-inbox:form", args=[contact_form.pk]), {"page": "40"})
    )
    assert "Page 1 of 1" in html
    assert html.count('data-label="Your name"') == 3


def test_a_narrowed_count_stopping_at_the_cap_says_more_than(viewer, contact_form, monkeypatch):
    add_submissions(contact_form, 30)
    monkeypatch.setattr(queries.lists, "COUNT_CAP", 20)
    html = html_of(
        client_for(viewer).get(reverse("panel:panel-inbox:form", args=[contact_form.pk]), {"q": "person"})
    )
    assert "Total: more than 20" in html


# --- the read rule ------------------------------------------------------------------------------


def test_opening_a_submission_marks_it_read_once(viewer, contact_form, submission):
    client = client_for(viewer)
    url = reverse("panel:panel-inbox:submission", args=[submission.pk])
    assert queries.form_counts(contact_form)["unread"] == 1
    client.get(url)
    client.get(url)
    submission.refresh_from_db()
    assert submission.is_unread is False
    assert queries.form_counts(contact_form)["unread"] == 0
    read_lines = LogEntry.objects.filter(submission=submission, action="submission.marked_read")
    assert read_lines.count() == 1
    assert read_lines.get().actor == viewer


def test_the_list_does_not_mark_anything_read(viewer, contact_form, submission):
    client_for(viewer).get(reverse("panel:panel-inbox:form", args=[contact_form.pk]))
    submission.refresh_from_db()
    assert submission.is_unread is True


def test_the_screen_shows_the_read_state_and_log_line_it_just_wrote(viewer, submission):
    html = html_of(client_for(viewer).get(reverse("panel:panel-inbox:submission", args=[submission.pk])))
    assert "Marked read" in html
    assert f'data-url="/api/cms/inbox/submissions/{submission.pk}/read"' in html


# --- the submission screen ----------------------------------------------------------------------


def test_the_screen_shows_answers_with_their_stored_labels_in_the_panel_language(
    make_user, contact_form, submission
):
    german = make_user("inbox.view", language="de")
    update_form(
        contact_form,
        actor=None,
        values={},
        fields=[{"machine_name": "name", "label": {"en": "Full name", "de": "Vollständiger Name"}}],
    )
    html = html_of(client_for(german).get(reverse("panel:panel-inbox:submission", args=[submission.pk])))
    assert "<dt>Ihr Name</dt>" in html  # the label as it was when the answer was given
    assert "Vollständiger Name" not in html
    assert "Ada Lovelace" in html and "mon, tue" in html


def test_the_screen_shows_metadata_language_source_and_a_failed_notification(
    viewer, contact_form, good_answers
):
    item = submit(
        contact_form,
        good_answers,
        meta={"ip": "203.0.113.0", "user_agent": "Lynx/2.9", "page": "https://example.org/contact"},
        language="de",
    )
    Submission.objects.filter(pk=item.pk).update(notify_error="boss@example.org: mailbox full")
    html = html_of(client_for(viewer).get(reverse("panel:panel-inbox:submission", args=[item.pk])))
    for text in ("203.0.113.0", "Lynx/2.9", "https://example.org/contact", "German", "Website"):
        assert text in html
    assert "fd-notice--warning" in html and "boss@example.org: mailbox full" in html


def test_a_submission_typed_in_by_hand_says_so(clerk, contact_form, good_answers):
    item = submit(contact_form, good_answers, source=Source.PANEL, actor=clerk)
    html = html_of(client_for(clerk).get(reverse("panel:panel-inbox:submission", args=[item.pk])))
    assert "Typed in by hand" in html
    assert "fd-notice--warning" not in html


def test_the_log_says_each_action_in_words_with_its_actor(clerk, contact_form, submission):
    done = Status.objects.get(label__en="Done")
    update_submission(submission, actor=clerk, values={"status": done, "assignee": clerk})
    html = html_of(client_for(clerk).get(reverse("panel:panel-inbox:submission", args=[submission.pk])))
    log = re.search(r'<ol class="inbox-log">.*?</ol>', html, re.S).group(0)
    assert "Received from the website" in log and "A visitor" in log
    assert "Status changed from New to Done" in log
    assert "Assigned to Clara Clerk" in log
    assert "Marked read" in log


def test_notes_are_listed_and_only_inbox_update_may_add_one(viewer, clerk, submission):
    add_note(clerk, "inbox_submission", str(submission.pk), "Called back, waiting for the quote.")
    url = reverse("panel:panel-inbox:submission", args=[submission.pk])
    as_viewer, as_clerk = html_of(client_for(viewer).get(url)), html_of(client_for(clerk).get(url))
    assert "Called back, waiting for the quote." in as_viewer
    assert "Clara Clerk" in as_viewer
    notes_route = f'data-url="/api/cms/entities/inbox_submission/{submission.pk}/notes"'
    assert notes_route in as_clerk and notes_route not in as_viewer


def test_status_and_assignee_controls_need_inbox_update(viewer, clerk, submission):
    url = reverse("panel:panel-inbox:submission", args=[submission.pk])
    as_viewer, as_clerk = html_of(client_for(viewer).get(url)), html_of(client_for(clerk).get(url))
    assert "data-handling" not in as_viewer and 'name="status"' not in as_viewer
    assert f'data-url="/api/cms/inbox/submissions/{submission.pk}"' in as_clerk
    assert re.search(r'<select id="handling-status" name="status">', as_clerk)
    assert "data-mark-unread" in as_viewer  # marking unread needs only inbox.view


def test_attachments_are_listed_and_reached_only_through_the_files_route(viewer, inbox_disk):
    form = create_form(
        actor=None,
        values={"slug": "apply", "title": {"en": "Apply"}},
        fields=[
            {"machine_name": "name", "type": "text", "label": {"en": "Name"}, "in_table": True},
            {"machine_name": "cv", "type": "file", "label": {"en": "CV"}},
        ],
    )
    item, _created = accept_submission(
        form,
        {"name": "Ada"},
        files={"cv": [SimpleUploadedFile("my cv.pdf", PDF, content_type="application/pdf")]},
    )
    attachment = item.files.get()
    html = html_of(client_for(viewer).get(reverse("panel:panel-inbox:submission", args=[item.pk])))
    route = f"/api/cms/inbox/submissions/{item.pk}/files/{attachment.pk}"
    assert f'href="{route}" download' in html
    assert "my cv.pdf" in html and "application/pdf" in html and re.search(rf"{len(PDF)}\sbytes", html)
    assert attachment.stored_name.name not in html and str(inbox_disk) not in html and "/media/" not in html


# --- the mass controls --------------------------------------------------------------------------


def test_rows_can_be_chosen_for_mass_changes_only_with_inbox_update(viewer, clerk, contact_form, submission):
    url = reverse("panel:panel-inbox:form", args=[contact_form.pk])
    as_viewer, as_clerk = html_of(client_for(viewer).get(url)), html_of(client_for(clerk).get(url))
    assert "data-mass" not in as_viewer and "data-choose" not in as_viewer
    assert 'data-url="/api/cms/inbox/submissions/mass"' in as_clerk
    assert f'<input type="checkbox" id="choose-{submission.pk}" value="{submission.pk}"' in as_clerk
    assert (
        f'<label for="choose-{submission.pk}" class="fd-visually-hidden">Choose submission {submission.pk}</label>'
        in as_clerk
    )
    assert '<label for="choose-all">Choose all on this page</label>' in as_clerk


# --- New submission -----------------------------------------------------------------------------


def test_new_submission_offers_a_panel_control_per_field_named_as_the_api_errors(clerk, contact_form):
    html = html_of(client_for(clerk).get(reverse("panel:panel-inbox:new_submission", args=[contact_form.pk])))
    assert f'data-url="/api/cms/inbox/forms/{contact_form.pk}/submissions"' in html
    for name in ("name", "email", "topic", "days", "message", "consent"):
        assert f'name="fields.{name}"' in html, name
    assert 'type="email" id="answer-email" name="fields.email"' in html
    assert re.search(r'<select id="answer-topic" name="fields.topic"', html)
    assert html.count('name="fields.days"') == 3 and "<legend>Days" in html
    assert 'id="answer-consent" name="fields.consent" value="on" data-answer="consent"' in html
    assert "fields[" not in html  # not the embed tag's controls
    assert '<select id="answer-language" name="language"' in html


def test_a_file_field_cannot_be_typed_in_and_says_why(clerk):
    form = create_form(
        actor=None,
        values={"slug": "apply", "title": {"en": "Apply"}},
        fields=[{"machine_name": "cv", "type": "file", "label": {"en": "CV"}}],
    )
    html = html_of(client_for(clerk).get(reverse("panel:panel-inbox:new_submission", args=[form.pk])))
    assert 'data-error-key="fields.cv"' in html
    assert "Files cannot be attached" in html


# --- a fixed number of queries, however many submissions ----------------------------------------


@pytest.fixture
def crowded(contact_form, good_answers, clerk):
    """A form with 10 submissions, some handled; the test then adds 1000 more and counts again."""
    rows = [submit(contact_form, {**good_answers, "name": f"P{n}"}, minutes_ago=n) for n in range(10)]
    update_submission(
        rows[3], actor=None, values={"assignee": clerk, "status": Status.objects.get(label__en="Done")}
    )
    add_note(clerk, "inbox_submission", str(rows[5].pk), "A note.")
    return rows


@pytest.mark.parametrize(
    "params",
    [{}, {"tab": "unread"}, {"q": "p", "assignee": "none"}],
    ids=["all", "unread", "search"],
)
def test_the_list_page_runs_as_many_queries_for_1010_submissions_as_for_10(
    clerk, contact_form, crowded, params
):
    client = client_for(clerk)
    url = reverse("panel:panel-inbox:form", args=[contact_form.pk])
    client.get(url)  # warm the session
    small = count_queries(
        client, url + ("?" + "&".join(f"{k}={v}" for k, v in params.items()) if params else "")
    )
    add_submissions(contact_form, 1000)
    large = count_queries(
        client, url + ("?" + "&".join(f"{k}={v}" for k, v in params.items()) if params else "")
    )
    assert small == large


def test_a_deep_page_runs_as_many_queries_as_the_first(clerk, contact_form, crowded):
    client = client_for(clerk)
    url = reverse("panel:panel-inbox:form", args=[contact_form.pk])
    client.get(url)
    first = count_queries(client, url)
    add_submissions(contact_form, 1000)
    assert count_queries(client, f"{url}?page=40") == first


def test_the_forms_column_is_one_query_however_many_submissions(
    contact_form, crowded, django_assert_num_queries
):
    with django_assert_num_queries(1):
        queries.forms_column()
    add_submissions(contact_form, 1000)
    with django_assert_num_queries(1):
        forms = queries.forms_column()
    assert forms[0].total == 1010


def test_the_submission_screen_runs_as_many_queries_for_1010_submissions_as_for_10(
    clerk, contact_form, crowded
):
    client = client_for(clerk)
    target = crowded[5]
    url = reverse("panel:panel-inbox:submission", args=[target.pk]) + "?tab=unread&q=p"
    client.get(reverse("panel:panel-inbox:form", args=[contact_form.pk]))
    mark_read(target, actor=None)  # opening it later must not write: both counts see a read submission
    small = count_queries(client, url)
    add_submissions(contact_form, 1000)
    large = count_queries(client, url)
    assert small == large


def test_new_submission_runs_a_fixed_number_of_queries(clerk, contact_form, crowded):
    client = client_for(clerk)
    url = reverse("panel:panel-inbox:new_submission", args=[contact_form.pk])
    client.get(url)
    small = count_queries(client, url)
    add_submissions(contact_form, 1000)
    assert count_queries(client, url) == small


def test_the_api_list_route_runs_as_many_queries_for_1010_submissions_as_for_10(clerk, contact_form, crowded):
    client = client_for(clerk)
    url = f"/api/cms/inbox/forms/{contact_form.pk}/submissions?tab=unread"
    client.get(url)
    small = count_queries(client, url)
    add_submissions(contact_form, 1000)
    assert count_queries(client, url) == small
