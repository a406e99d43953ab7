"""The Form editor, the Embedding tab and the Statuses screen, server side: who may open them,
what they show, and that the names of their controls are the API's error keys."""

from __future__ import annotations

import html
import re

import pytest
from django.template import Context, Template
from django.test import Client
from django.urls import reverse

from frontdesk.inbox.conf import inbox_settings
from frontdesk.inbox.models import Status
from frontdesk.inbox.operations import create_form, reorder_statuses, update_form
from tests.clients import client_for, send
from tests.inbox.conftest import CONTACT_FIELDS

PAGES = ["form_new", "form_edit", "embedding", "statuses"]


def address(name: str, form=None) -> str:
    args = [form.pk] if name in ("form_edit", "embedding") else []
    return reverse(f"panel:panel-inbox:{name}", args=args)


def text_of(response) -> str:
    return html.unescape(response.content.decode())


@pytest.fixture
def manager(make_user):
    return make_user("inbox.view", "inbox.manage", display_name="Mia Manager")


@pytest.fixture
def manager_client(manager) -> Client:
    return client_for(manager)


@pytest.mark.parametrize("name", PAGES)
def test_each_page_opens_for_an_account_that_manages_the_inbox(manager_client, contact_form, name):
    response = manager_client.get(address(name, contact_form))
    assert response.status_code == 200
    assert (
        response.templates[0].name
        == {
            "form_new": "inbox/panel/form_editor.html",
            "form_edit": "inbox/panel/form_editor.html",
            "embedding": "inbox/panel/embedding.html",
            "statuses": "inbox/panel/statuses.html",
        }[name]
    )


@pytest.mark.parametrize("name", PAGES)
def test_each_page_is_refused_to_an_account_that_may_only_view_the_inbox(make_user, contact_form, name):
    viewer = client_for(make_user("inbox.view", "inbox.update"))
    assert viewer.get(address(name, contact_form)).status_code == 403


@pytest.mark.parametrize("name", PAGES)
def test_anonymous_visitors_are_sent_to_the_login(client, contact_form, name):
    response = client.get(address(name, contact_form))
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/cms/login/")


@pytest.mark.parametrize("name", ["form_edit", "embedding"])
def test_an_unknown_form_is_not_found(manager_client, contact_form, name):
    missing = reverse(f"panel:panel-inbox:{name}", args=[contact_form.pk + 1000])
    assert manager_client.get(missing).status_code == 404


# --- the Form editor -------------------------------------------------------------------------


def test_the_editor_shows_the_saved_form_under_the_names_the_api_errors_use(manager_client, contact_form):
    page = text_of(manager_client.get(address("form_edit", contact_form)))
    assert re.search(r'name="slug"[^>]*value="contact"', page)
    assert re.search(r'name="title\.de"[^>]*value="Kontakt"', page)
    names = re.findall(r'name="fields\.(\d+)\.machine_name"[^>]*value="([^"]*)"', page)
    assert names == [(str(index), field["machine_name"]) for index, field in enumerate(CONTACT_FIELDS)]
    assert 'data-error-key="title"' in page  # a refusal of the title as a whole lands too
    assert 'data-error-key="fields.2.choices"' in page
    assert re.search(r'name="fields\.2\.choices\.1\.value"[^>]*value="other"', page)
    assert re.search(r'<option value="email" selected>', page)


def shown_texts(page: str) -> dict[str, str]:
    """Every text input of a translated value the editor shows, by its name (title.de, fields.0.label.ru)."""
    pattern = r'name="((?:title|fields\.\d+\.(?:label|hint))\.[a-z]+)"[^>]*value="([^"]*)"'
    return dict(re.findall(pattern, page))


def test_the_editors_save_keeps_what_it_shows_and_removes_a_language_emptied(manager_client, contact_form):
    """editor.js sends every site language of each text it saves, an emptied one as "": the saved
    form is exactly what the person saw and typed, nothing more is lost and nothing comes back."""
    shown = shown_texts(text_of(manager_client.get(address("form_edit", contact_form))))
    assert (shown["title.en"], shown["title.de"], shown["title.ru"]) == ("Contact", "Kontakt", "")
    typed = {
        **shown,
        "title.de": "",
        "title.ru": "Связь",
        "fields.0.label.ru": "Ваше имя",
        "fields.1.label.de": "",
    }
    fields = list(contact_form.live_fields())

    def texts(prefix: str) -> dict[str, str]:
        return {key.rsplit(".", 1)[1]: text for key, text in typed.items() if key.rsplit(".", 1)[0] == prefix}

    body = {
        "title": texts("title"),
        "fields": [
            {"id": field.pk, "label": texts(f"fields.{index}.label"), "hint": texts(f"fields.{index}.hint")}
            for index, field in enumerate(fields)
        ],
    }
    response = send(manager_client, "put", f"/forms/{contact_form.pk}", body)

    assert response.status_code == 200, response.content
    contact_form.refresh_from_db()
    assert contact_form.title == {"en": "Contact", "ru": "Связь"}
    name, email = fields[0], fields[1]
    name.refresh_from_db()
    email.refresh_from_db()
    assert name.label == {"en": "Your name", "de": "Ihr Name", "ru": "Ваше имя"}
    assert email.label == {"en": "E-mail"}
    assert shown_texts(text_of(manager_client.get(address("form_edit", contact_form)))) == typed


def test_the_editor_lists_fields_in_their_order_and_leaves_put_aside_ones_out(manager_client, contact_form):
    message = contact_form.fields.get(machine_name="message")
    update_form(contact_form, actor=None, values={}, fields=[{"id": message.pk, "remove": True}])
    update_form(contact_form, actor=None, values={}, fields=[{"machine_name": "consent", "position": 0}])
    page = text_of(manager_client.get(address("form_edit", contact_form)))
    names = re.findall(r'name="fields\.\d+\.machine_name"[^>]*value="([^"]*)"', page)
    assert names == ["consent", "name", "email", "topic", "days"]


def test_every_field_type_and_the_sites_extensions_are_offered(manager_client, contact_form, settings):
    from frontdesk.inbox.field_types import FIELD_TYPES

    page = text_of(manager_client.get(address("form_edit", contact_form)))
    blank = page.split('<template id="inbox-editor-blank-field">', 1)[1].split("</template>", 1)[0]
    assert re.findall(r'<option value="(\w+)"', blank) == list(FIELD_TYPES)
    offered = re.findall(r'name="fields\.__index__\.extensions" data-key="extensions" value="(\w+)"', blank)
    assert offered == inbox_settings()["upload"]["extensions"]
    # The rule groups a type takes are marked on its option, for editor.js to show and hide.
    assert re.search(r'<option value="select" data-choices>', blank)
    assert re.search(r'<option value="text" data-length selected>', blank)


def test_a_new_form_starts_empty_and_marks_no_form_as_open(manager_client, contact_form):
    response = manager_client.get(address("form_new"))
    page = text_of(response)
    assert response.context["creating"] is True
    assert response.context["form"] is None
    assert "data-form-id" not in page
    assert re.search(r'name="slug" value=""', page)
    assert 'aria-current="true"' not in page  # no form of the column is the open one
    assert "Create the form" in page
    assert not re.search(r"<button[^>]*data-(delete|duplicate)>", page)


def test_recipients_offer_the_accounts_that_can_open_the_inbox_and_keep_a_chosen_one(
    manager_client, manager, contact_form, make_user
):
    outsider = make_user(email="outsider@example.com")
    former = make_user("inbox.view", email="former@example.com")
    update_form(contact_form, actor=None, values={"options": {"recipients": {"accounts": [former.pk]}}})
    former.user_permissions.clear()
    page = text_of(manager_client.get(address("form_edit", contact_form)))
    offered = re.findall(r'name="options\.recipients\.accounts" value="(\d+)"( checked)?', page)
    assert (str(manager.pk), "") in offered
    assert (str(former.pk), " checked") in offered  # no longer may open the inbox, still shown
    assert str(outsider.pk) not in [pk for pk, _checked in offered]


def test_antispam_overrides_show_the_sites_settings_as_placeholders(manager_client, contact_form, settings):
    inbox = inbox_settings()
    settings.FRONTDESK = {
        **settings.FRONTDESK,
        "inbox": {**inbox, "antispam": {"min_seconds": 7, "throttle": 9}},
    }
    update_form(
        contact_form,
        actor=None,
        values={
            "options": {"antispam": {"throttle": 2, "origin": False, "origins": ["https://partner.example"]}}
        },
    )
    page = text_of(manager_client.get(address("form_edit", contact_form)))
    assert re.search(r'name="options\.antispam\.min_seconds"[^>]*value=""[^>]*placeholder="7"', page)
    assert re.search(r'name="options\.antispam\.throttle"[^>]*value="2"[^>]*placeholder="9"', page)
    assert re.search(r'name="options\.antispam\.origin">', page)  # switched off: not ticked
    assert re.search(r'name="options\.antispam\.honeypot" checked>', page)
    assert "https://partner.example</textarea>" in page


def test_the_captcha_note_shows_only_while_the_site_has_no_captcha_keys(
    manager_client, contact_form, settings
):
    inbox = inbox_settings()
    settings.FRONTDESK = {**settings.FRONTDESK, "inbox": {**inbox, "captcha": {}}}
    assert "data-captcha-missing" in text_of(manager_client.get(address("form_edit", contact_form)))
    keys = {"provider": "turnstile", "site_key": "site", "secret": "secret"}
    settings.FRONTDESK = {**settings.FRONTDESK, "inbox": {**inbox, "captcha": keys}}
    assert "data-captcha-missing" not in text_of(manager_client.get(address("form_edit", contact_form)))


# --- the Embedding tab -----------------------------------------------------------------------


def _snippets(page: str) -> dict[str, str]:
    return dict(re.findall(r'<pre id="(inbox-embed-[\w-]+)"[^>]*><code>(.*?)</code></pre>', page, re.S))


def test_the_embedding_snippet_names_the_forms_slug_and_its_machine_names(manager_client, contact_form):
    response = manager_client.get(address("embedding", contact_form))
    page = text_of(response)
    assert _snippets(page)["inbox-embed-snippet"] == '{% load inbox %}{% inbox_form "contact" %}'
    for field in CONTACT_FIELDS:
        assert f"<code>{field['machine_name']}</code>" in page
    assert "<code>fields[name]</code>" in page
    assert "<code>fields[days][]</code>" in page  # checkboxes post a list
    assert "POST http://127.0.0.1:8000/site/forms/contact" in page
    assert "errors keyed fields.&lt;machine name&gt;." in response.content.decode()  # text, not a tag


def test_the_printed_snippets_are_real_template_code_that_prints_the_form(manager_client, rf, db):
    form = create_form(
        actor=None,
        values={"slug": "event-enquiry", "title": {"en": "Event"}},
        fields=[
            {"machine_name": "name", "type": "text", "label": {"en": "Name"}},
            {"machine_name": "campaign", "type": "hidden", "label": {"en": "Campaign"}},
        ],
    )
    page = text_of(manager_client.get(address("embedding", form)))
    snippets = _snippets(page)
    assert '"campaign"' in snippets["inbox-embed-prefill-view"]
    printed = Template(snippets["inbox-embed-snippet"]).render(Context({"request": rf.get("/")}))
    assert 'data-site-form="event-enquiry"' in printed
    assert 'name="fields[name]"' in printed
    with_prefill = Template(snippets["inbox-embed-prefill-tag"]).render(
        Context({"request": rf.get("/"), "prefill": {"campaign": "spring-mailing"}})
    )
    assert re.search(r'name="fields\[campaign\]"[^>]*value="spring-mailing"', with_prefill)


def test_the_embedding_tab_says_when_the_form_prints_nothing(manager_client, contact_form):
    assert "is switched off" not in text_of(manager_client.get(address("embedding", contact_form)))
    update_form(contact_form, actor=None, values={"is_switched_off": True})
    assert "is switched off" in text_of(manager_client.get(address("embedding", contact_form)))


# --- the Statuses screen ---------------------------------------------------------------------


def test_the_statuses_screen_lists_statuses_in_order_with_their_flags(manager_client):
    spam = Status.objects.get(is_spam=True)
    others = Status.objects.exclude(pk=spam.pk).values_list("pk", flat=True)
    reorder_statuses(actor=None, ids=[spam.pk, *others])
    response = manager_client.get(address("statuses"))
    page = text_of(response)
    order = [row["status"].pk for row in response.context["status_rows"]]
    assert order == list(Status.objects.order_by("position", "id").values_list("pk", flat=True))
    items = re.findall(
        r'<li class="inbox-statuses-status" data-uid="status-(\d+)" data-id="\d+" data-label="([^"]+)">', page
    )
    assert items[0][1] == "Spam"
    arrival = Status.objects.get(is_arrival=True)
    item = page.split(f'data-uid="status-{arrival.pk}"', 1)[1].split("</li>", 1)[0]
    assert re.search(r'name="is_arrival" checked', item)
    assert not re.search(r'name="is_spam" checked', item)
    for rule in (
        "Exactly one status has it: giving it to another",
        "Exactly one status has it, never",
        "Any number",
    ):
        assert rule in page


def test_the_statuses_screen_names_label_inputs_as_the_api_keys_them(manager_client, settings):
    page = text_of(manager_client.get(address("statuses")))
    default = settings.LANGUAGE_CODE
    assert re.search(rf'name="label\.{default}"[^>]*data-error-key="label"', page)
    assert 'name="colour"' in page
