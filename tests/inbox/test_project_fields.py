"""Project fields on the inbox's form editor: judged in `create_form` and `update_form` and refused with the same words
by the panel's API and the agent tool inbox_form_save, stored in the form's `extra`, answered by
name, copied with the form, and printed with `extra` in the page's language."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.template import Context, Template
from django.test import Client
from django.utils import translation

from frontdesk.core.models import ApiToken, LogEntry
from frontdesk.inbox.models import Form
from frontdesk.inbox.operations import create_form, duplicate_form, update_form
from tests.clients import INBOX_API
from tests.core.test_mcp import text_of, with_session
from tests.project_fields import BUDGET, TAGLINE, node, project_fields

BAD_BUDGET = {"budget": -5, "tagline": {"en": "Fast help"}}
BAD_WORDS = {"budget": ["Give a number of at least 0."]}
GOOD = {"budget": 1200.5, "tagline": {"en": "Fast help", "de": "Schnelle Hilfe"}}


@pytest.fixture
def patched():
    with project_fields(BUDGET, TAGLINE):
        yield


def stored(form: Form) -> tuple:
    form.refresh_from_db()
    return form.slug, form.title, form.extra


def refusal_of(action) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as caught:
        action()
    return caught.value.message_dict


# --- the operation -------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_good_value_lands_in_extra_and_a_localized_one_is_merged_by_language(patched, contact_form):
    update_form(contact_form, actor=None, values={"extra": GOOD})
    assert stored(contact_form)[2] == GOOD
    update_form(contact_form, actor=None, values={"extra": {"tagline": {"de": "Rasche Hilfe"}}})
    assert contact_form.extra == {"budget": 1200.5, "tagline": {"en": "Fast help", "de": "Rasche Hilfe"}}
    assert Form.objects.filter(extra__budget=1200.5).get() == contact_form  # a JSON number in the database


@pytest.mark.django_db
def test_a_bad_value_is_refused_under_its_name_and_nothing_is_saved(patched, contact_form):
    update_form(contact_form, actor=None, values={"extra": {"budget": 10}})
    before = stored(contact_form)
    words = refusal_of(
        lambda: update_form(
            contact_form, actor=None, values={"slug": "renamed", "title": {"en": "New"}, "extra": BAD_BUDGET}
        )
    )
    assert words == BAD_WORDS
    assert stored(contact_form) == before  # neither the slug, the title nor the good tagline


@pytest.mark.django_db
def test_a_change_of_extra_is_logged_with_before_and_after(patched, contact_form):
    update_form(contact_form, actor=None, values={"extra": {"budget": 10}})
    line = LogEntry.objects.filter(action="form.changed").latest("pk")
    assert line.changes == {"extra": [{}, {"budget": 10}]}


@pytest.mark.django_db
def test_a_copy_carries_the_values_of_extra(patched, contact_form):
    update_form(contact_form, actor=None, values={"extra": {**GOOD}})
    contact_form.extra["retired"] = "a field no longer on the patch list"
    Form.objects.filter(pk=contact_form.pk).update(extra=contact_form.extra)
    copy = duplicate_form(contact_form, actor=None, values={})
    assert copy.extra == contact_form.extra and copy.pk != contact_form.pk
    copy.refresh_from_db()
    assert copy.extra == contact_form.extra
    line = LogEntry.objects.filter(action="form.changed", object_id=copy.pk).get()
    assert line.changes == {"extra": [{}, contact_form.extra]}


@pytest.mark.django_db
def test_values_of_a_field_removed_from_the_patch_list_stay_but_are_not_shown(contact_form):
    from frontdesk.inbox.outputs import form_out

    with project_fields(BUDGET, TAGLINE):
        update_form(contact_form, actor=None, values={"extra": GOOD})
    with project_fields(BUDGET):
        update_form(contact_form, actor=None, values={"extra": {"budget": 3}})
        assert form_out(contact_form)["extra"] == {"budget": 3}
        assert refusal_of(
            lambda: update_form(contact_form, actor=None, values={"extra": {"tagline": "x"}})
        ) == {"extra.tagline": ["Unknown project field: tagline."]}
    assert stored(contact_form)[2] == {**GOOD, "budget": 3}


# --- the doors: the same words -------------------------------------------------------------------


@pytest.mark.django_db
def test_the_panel_api_refuses_a_bad_value_with_the_operations_words(patched, contact_form, make_user):
    client = Client()
    client.force_login(make_user("inbox.view", "inbox.manage"))
    before = stored(contact_form)
    put = client.put(
        f"{INBOX_API}/forms/{contact_form.pk}",
        {"slug": "renamed", "extra": BAD_BUDGET},
        content_type="application/json",
    )
    assert put.status_code == 422
    assert put.json() == {"message": "Some values are not valid.", "errors": BAD_WORDS}
    assert stored(contact_form) == before
    good = client.put(
        f"{INBOX_API}/forms/{contact_form.pk}", {"extra": GOOD}, content_type="application/json"
    )
    assert good.status_code == 200 and good.json()["extra"] == GOOD
    assert stored(contact_form)[2] == GOOD
    row = next(row for row in client.get(f"{INBOX_API}/forms").json() if row["id"] == contact_form.pk)
    assert row["extra"] == GOOD


@pytest.mark.django_db
def test_an_unknown_project_field_is_refused_under_its_name_in_extra(patched, contact_form, make_user):
    client = Client()
    client.force_login(make_user("inbox.view", "inbox.manage"))
    before = stored(contact_form)
    put = client.put(
        f"{INBOX_API}/forms/{contact_form.pk}",
        {"extra": {"budgt": 5, "budget": -5}},
        content_type="application/json",
    )
    assert put.status_code == 422
    assert put.json()["errors"] == {"extra.budgt": ["Unknown project field: budgt."], **BAD_WORDS}
    assert stored(contact_form) == before


@pytest.mark.django_db
def test_a_new_form_takes_its_project_fields_through_the_api(patched, make_user):
    client = Client()
    client.force_login(make_user("inbox.view", "inbox.manage"))
    created = client.post(
        f"{INBOX_API}/forms",
        {"slug": "offer", "title": {"en": "Offer"}, "extra": {"budget": 5}},
        content_type="application/json",
    )
    assert created.status_code == 201 and created.json()["extra"] == {"budget": 5, "tagline": None}


@pytest.mark.live
def test_inbox_form_save_refuses_a_bad_value_with_the_same_words(
    patched, live_server_url, transactional_db, make_user
):
    from tests.inbox.conftest import CONTACT_FIELDS

    form = create_form(
        actor=None, values={"slug": "contact", "title": {"en": "Contact"}}, fields=CONTACT_FIELDS
    )
    secret = ApiToken.issue(make_user("inbox.view", "inbox.manage"), "agent", ["inbox:read", "inbox:write"])[
        1
    ]

    def call(arguments):
        return with_session(
            live_server_url, secret, lambda session: session.call_tool("inbox_form_save", arguments)
        )

    before = stored(form)
    refused = call({"form": "contact", "slug": "renamed", "extra": BAD_BUDGET})
    assert refused.is_error
    assert text_of(refused) == "Some values are not valid.\nbudget: Give a number of at least 0."
    assert refused.structured_content == {"message": "Some values are not valid.", "errors": BAD_WORDS}
    assert stored(form) == before
    saved = call({"form": "contact", "extra": GOOD})
    assert not saved.is_error, text_of(saved)
    assert saved.structured_content["form"]["extra"] == GOOD
    assert stored(form)[2] == GOOD
    listed = with_session(live_server_url, secret, lambda session: session.call_tool("inbox_forms_list", {}))
    assert listed.structured_content["forms"][0]["extra"] == GOOD


# --- templates --------------------------------------------------------------------------------------


PAGE = Template(
    '{% load project_fields %}{{ form|extra:"budget" }} | {{ form|extra:"tagline" }} | {{ form|extra:"nope" }}'
)


@pytest.mark.django_db
def test_extra_prints_a_value_in_the_pages_language(patched, contact_form):
    update_form(contact_form, actor=None, values={"extra": GOOD})
    with translation.override("en"):
        assert PAGE.render(Context({"form": contact_form})) == "1200.5 | Fast help | "
    with translation.override("de"):
        assert PAGE.render(Context({"form": contact_form})) == "1200,5 | Schnelle Hilfe | "
    with translation.override("ru"):  # no Russian text: the default language's
        assert PAGE.render(Context({"form": contact_form})) == "1200,5 | Fast help | "


@pytest.mark.django_db
def test_extra_keeps_dates_choices_and_booleans_usable_in_templates(contact_form):
    patches = (
        node("opens", "date"),
        node("size", "choice", choices=[{"value": "large", "label": {"en": "Large", "de": "Groß"}}]),
        node("urgent", "boolean"),
    )
    with project_fields(*patches):
        update_form(
            contact_form,
            actor=None,
            values={"extra": {"opens": "2026-05-01", "size": "large", "urgent": False}},
        )
        page = Template(
            '{% load project_fields %}{{ form|extra:"opens"|date:"j F Y" }} {{ form|extra:"size" }}'
            ' {% if form|extra:"urgent" %}urgent{% else %}calm{% endif %}'
        )
        with translation.override("de"):
            assert page.render(Context({"form": contact_form})) == "1 Mai 2026 Groß calm"
    assert isinstance(datetime.date.fromisoformat(contact_form.extra["opens"]), datetime.date)
