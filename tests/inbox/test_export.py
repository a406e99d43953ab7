"""The CSV export: columns by machine name, formula cells neutralised, filters honoured, streamed
chunk by chunk, and served by the API as a download."""

from __future__ import annotations

import csv
import io
import re
from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.http import StreamingHttpResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from frontdesk.inbox.export import BOM, csv_stream, neutralise_formula
from frontdesk.inbox.models import Status
from frontdesk.inbox.operations import accept_submission, update_form, update_submission
from frontdesk.inbox.queries import SubmissionFilter, parse_filter

pytestmark = pytest.mark.django_db

FIXED = ["received", "status", "assignee", "language"]


def exported(form, flt=None, **options) -> list[list[str]]:
    data = b"".join(csv_stream(form, flt or SubmissionFilter(), **options))
    return list(csv.reader(io.StringIO(data.decode("utf-8"))))


def as_dicts(rows: list[list[str]]) -> list[dict[str, str]]:
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


@pytest.fixture
def submitted(contact_form, good_answers):
    return accept_submission(contact_form, good_answers)[0]


def test_the_header_is_the_fixed_columns_then_machine_names_in_field_order(contact_form, submitted):
    rows = exported(contact_form)
    assert rows[0] == [*FIXED, "name", "email", "topic", "days", "message", "consent"]
    row = as_dicts(rows)[0]
    assert row["name"] == "Ada Lovelace"
    assert row["days"] == "mon, tue"  # a multiple answer, joined
    assert row["consent"] == "yes"
    assert (row["status"], row["assignee"], row["language"]) == ("New", "", "en")


def test_received_is_iso_8601_in_the_site_time_zone(settings, contact_form, good_answers):
    settings.TIME_ZONE = "Europe/Berlin"
    moment = timezone.make_aware(timezone.datetime(2026, 7, 1, 10, 30, 5), timezone.UTC)
    with time_machine.travel(moment, tick=False):
        accept_submission(contact_form, good_answers)
    assert as_dicts(exported(contact_form))[0]["received"] == "2026-07-01T12:30:05+02:00"


@pytest.mark.parametrize(
    "text",
    ['=HYPERLINK("http://evil","x")', "+1+2", "-2+3", "@SUM(A1)"],
)
def test_formula_cells_get_a_leading_apostrophe(contact_form, good_answers, text):
    accept_submission(contact_form, {**good_answers, "message": text + " please call"})
    assert as_dicts(exported(contact_form))[0]["message"] == "'" + text + " please call"


def test_the_hyperlink_of_the_brief_arrives_neutralised(contact_form, good_answers):
    accept_submission(contact_form, {**good_answers, "name": '=HYPERLINK("http://evil","x")'})
    assert as_dicts(exported(contact_form))[0]["name"] == '\'=HYPERLINK("http://evil","x")'


def test_status_labels_and_assignee_names_are_neutralised_too(make_user, submitted):
    mallory = make_user("inbox.view", display_name="=cmd|' /C calc'!A0")
    update_submission(submitted, actor=None, values={"assignee": mallory})
    Status.objects.filter(pk=submitted.status_id).update(label={"en": "@evil"})
    row = as_dicts(exported(submitted.form))[0]
    assert (row["status"], row["assignee"]) == ("'@evil", "'=cmd|' /C calc'!A0")


def test_cells_starting_with_a_tab_or_carriage_return_are_neutralised_too():
    # The intake strips answers, so these reach the export only through labels and names.
    assert neutralise_formula("\tcmd") == "'\tcmd"
    assert neutralise_formula("\r=cmd") == "'\r=cmd"


def test_harmless_cells_are_left_as_they_are():
    assert [neutralise_formula(text) for text in ("", "Ada", "1-2", "a=b", "Größe", "\u200bAda")] == [
        "",
        "Ada",
        "1-2",
        "a=b",
        "Größe",
        "\u200bAda",
    ]


@pytest.mark.parametrize(
    "text",
    [
        " =1+1",  # spreadsheets that trim spaces on import then read a formula
        "\u00a0=1+1",  # no-break space
        "\u200b=1+1",  # zero-width space
        "\ufeff+1",  # byte order mark
        "\u2060\u200d@SUM(A1)",  # word joiner, zero-width joiner
        "\u2028-1",  # line separator
        "\x0b\x0c=1",  # vertical tab, form feed
    ],
)
def test_invisible_characters_before_a_formula_do_not_hide_it(text):
    assert neutralise_formula(text) == "'" + text


def test_an_answer_starting_with_a_zero_width_space_and_a_formula_arrives_neutralised(
    contact_form, good_answers
):
    accept_submission(contact_form, {**good_answers, "name": "\u200b=1+1"})
    assert as_dicts(exported(contact_form))[0]["name"] == "'\u200b=1+1"


SPLITTING = ["a;=1+1", "a\t=1+1", "a,=1+1", "a\n=1+1", "a\r\n=1+1", 'say "hi";=1+1']


@pytest.mark.parametrize("text", SPLITTING)
def test_a_cell_holding_a_separator_tab_or_line_break_is_quoted(contact_form, good_answers, text):
    accept_submission(contact_form, {**good_answers, "message": text})
    data = b"".join(csv_stream(contact_form, SubmissionFilter())).decode()
    assert '"' + text.replace('"', '""') + '"' in data
    assert as_dicts(exported(contact_form))[0]["message"] == text


# A field as spreadsheet programs read it when told to split on several separators at once (a
# German or Russian setting adds ";", many add tabs): quotes count at the start of a field only.
SPREADSHEET_FIELD = re.compile(r'"(?:[^"]|"")*"|[^,;\t\r\n]*')


def cells_split_on_every_separator(data: str) -> list[str]:
    cells, position = [], 0
    while position < len(data):
        field = SPREADSHEET_FIELD.match(data, position)
        text = field.group()
        cells.append(text[1:-1].replace('""', '"') if text.startswith('"') else text)
        position = field.end() + 1  # past the separator or line break that ended it
    return cells


def test_a_spreadsheet_splitting_on_commas_semicolons_and_tabs_finds_no_cell_starting_a_formula(
    make_user, contact_form, good_answers
):
    submitted = accept_submission(
        contact_form, {**good_answers, "name": "Ada;=1+1", "message": "x\t=2+2, then;@A1\n-3"}
    )[0]
    update_submission(
        submitted, actor=None, values={"assignee": make_user("inbox.view", display_name="Mallory;=cmd")}
    )
    Status.objects.filter(pk=submitted.status_id).update(label={"en": "New\t+evil"})
    data = b"".join(csv_stream(contact_form, SubmissionFilter())).decode()
    cells = cells_split_on_every_separator(data)
    assert "Ada;=1+1" in cells and "Mallory;=cmd" in cells
    assert [cell for cell in cells if cell.strip()[:1] in ("=", "+", "-", "@")] == []


def test_a_put_aside_field_keeps_its_column_for_the_rows_that_have_it(contact_form, good_answers):
    accept_submission(contact_form, good_answers)
    update_form(contact_form, actor=None, values={}, fields=[{"machine_name": "message", "remove": True},
                                                     {"machine_name": "phone", "type": "tel", "label": {"en": "P"}}])  # fmt: skip
    accept_submission(contact_form, {**good_answers, "name": "Bob", "phone": "+49 30 123"})
    rows = exported(contact_form)
    assert rows[0] == [*FIXED, "name", "email", "topic", "days", "consent", "phone", "message"]
    by_name = {row["name"]: row for row in as_dicts(rows)}
    assert by_name["Ada Lovelace"]["message"] == "Please call me back."
    assert by_name["Bob"]["message"] == ""
    assert by_name["Bob"]["phone"] == "'+49 30 123"  # a leading + is a formula to a spreadsheet


def test_a_put_aside_field_without_answers_makes_no_column(contact_form, submitted):
    update_form(contact_form, actor=None, values={}, fields=[{"machine_name": "extra", "label": {"en": "X"}}])
    update_form(contact_form, actor=None, values={}, fields=[{"machine_name": "extra", "remove": True}])
    assert "extra" not in exported(contact_form)[0]


def test_a_name_taken_again_gets_its_own_column_and_renamed_fields_follow_their_id(
    contact_form, good_answers
):
    accept_submission(contact_form, good_answers)
    update_form(contact_form, actor=None, values={}, fields=[
        {"machine_name": "message", "remove": True},
        {"machine_name": "message", "type": "text", "label": {"en": "New message"}},
        {"machine_name": "topic", "label": {"en": "Topic"}},
    ])  # fmt: skip
    topic = contact_form.live_fields().get(machine_name="topic")
    update_form(contact_form, actor=None, values={}, fields=[{"id": topic.pk, "machine_name": "subject"}])
    rows = exported(contact_form)
    assert rows[0] == [
        *FIXED,
        "name",
        "email",
        "subject",
        "days",
        "consent",
        "message",
        "message (put aside)",
    ]
    row = as_dicts(rows)[0]
    assert row["subject"] == "quote"  # matched by the field, not the old name
    assert row["message (put aside)"] == "Please call me back." and row["message"] == ""


def test_the_filters_are_the_lists_filters(contact_form, good_answers, make_user):
    start = timezone.now() - timedelta(days=5)
    made = []
    for number in range(4):
        with time_machine.travel(start + timedelta(days=number), tick=False):
            made.append(accept_submission(contact_form, {**good_answers, "name": f"Ada {number}"})[0])
    update_submission(made[0], actor=None, values={"status": Status.objects.get(is_spam=True)})
    done = Status.objects.get(label__en="Done")
    update_submission(made[1], actor=None, values={"status": done})

    def names(**params):
        return [row["name"] for row in as_dicts(exported(contact_form, parse_filter(params)))]

    assert names() == ["Ada 3", "Ada 2", "Ada 1"]  # newest first, spam left out
    assert names(tab=str(Status.objects.get(is_spam=True).pk)) == ["Ada 0"]
    assert names(status=str(done.pk)) == ["Ada 1"]
    assert names(q="ada 2") == ["Ada 2"]
    day = timezone.localtime(made[2].created_at).date()
    assert names(since=day.isoformat(), until=day.isoformat()) == ["Ada 2"]


def test_bom_prefixes_the_utf8_byte_order_mark(contact_form, good_answers):
    accept_submission(contact_form, {**good_answers, "name": "Jürgen Größe"})
    plain = b"".join(csv_stream(contact_form, SubmissionFilter()))
    marked = b"".join(csv_stream(contact_form, SubmissionFilter(), bom=True))
    assert not plain.startswith(BOM)
    assert marked == BOM + plain
    assert "Jürgen Größe".encode() in plain


def test_status_labels_follow_the_language_asked_for(contact_form, submitted):
    assert as_dicts(exported(contact_form, language="de"))[0]["status"] == "Neu"


def test_it_reads_one_chunk_at_a_time(contact_form, good_answers):
    for number in range(5):
        accept_submission(contact_form, {**good_answers, "name": f"Ada {number}"})

    def row_reads(context) -> int:
        return sum(
            'FROM "inbox_submission"' in query["sql"] or "FROM `inbox_submission`" in query["sql"]
            for query in context.captured_queries
        )

    stream = csv_stream(contact_form, SubmissionFilter(), chunk_size=2)
    with CaptureQueriesContext(connection) as built:
        header = next(stream)
    assert header.startswith(b"received,") and row_reads(built) == 0
    with CaptureQueriesContext(connection) as first:
        block = next(stream)
    assert row_reads(first) == 1 and block.count(b"\r\n") == 2
    with CaptureQueriesContext(connection) as rest:
        blocks = list(stream)
    assert row_reads(rest) == 2 and [b.count(b"\r\n") for b in blocks] == [2, 1]


def test_chunks_that_split_equal_moments_lose_and_repeat_nothing(contact_form, good_answers):
    with time_machine.travel(timezone.now(), tick=False):
        made = [accept_submission(contact_form, {**good_answers, "name": f"Ada {n}"})[0] for n in range(5)]
    rows = as_dicts(exported(contact_form, chunk_size=2))
    assert [row["name"] for row in rows] == [f"Ada {n}" for n in range(4, -1, -1)]  # newest id first
    assert len({row["received"] for row in rows}) == 1 and len(made) == 5


# --- through the API --------------------------------------------------------------------------


@pytest.fixture
def viewer(make_user) -> Client:
    client = Client()
    client.force_login(make_user("inbox.view"))
    return client


def test_the_api_streams_a_csv_download(viewer, contact_form, submitted):
    url = f"/api/cms/inbox/forms/{contact_form.pk}/submissions/export"
    with CaptureQueriesContext(connection) as context:
        response = viewer.get(url)
    assert isinstance(response, StreamingHttpResponse)
    assert not any("inbox_answer" in query["sql"] for query in context.captured_queries)  # nothing read yet
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    today = timezone.localdate().isoformat()
    assert response["Content-Disposition"] == f'attachment; filename="contact-{today}.csv"'
    data = b"".join(response.streaming_content)
    assert data.startswith(b"received,status,assignee,language,name,")
    assert b"Ada Lovelace" in data


def test_the_api_export_takes_the_list_filters_and_bom(viewer, contact_form, submitted):
    url = f"/api/cms/inbox/forms/{contact_form.pk}/submissions/export"
    data = b"".join(viewer.get(url, {"bom": "true", "q": "nobody"}).streaming_content)
    assert data.startswith(BOM) and data.count(b"\r\n") == 1  # the header alone
    refused = viewer.get(url, {"since": "yesterday"})
    assert refused.status_code == 422 and "since" in refused.json()["errors"]
    assert viewer.get("/api/cms/inbox/forms/999999/submissions/export").status_code == 404


def test_the_api_export_needs_inbox_view(make_user, contact_form, submitted):
    client = Client()
    client.force_login(make_user("inbox.manage", "inbox.update"))
    response = client.get(f"/api/cms/inbox/forms/{contact_form.pk}/submissions/export")
    assert response.status_code == 403
    assert b"Ada" not in response.content
