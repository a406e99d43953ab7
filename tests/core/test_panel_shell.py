"""The panel shell through Django's test client: menu, landing, access, and the shell's API routes."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from io import StringIO

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import get_resolver

from frontdesk.core.models import ApiToken
from frontdesk.core.panel import sections as registry
from frontdesk.core.panel.sections import Section, landing_section_for
from tests.clients import client_for

pytestmark = pytest.mark.django_db

NAV = re.compile(r'<nav id="fd-nav".*?</nav>', re.S)


@pytest.fixture(autouse=True)
def _urls_built_first():
    """The panel's URL patterns are built from the registry and the settings once, at import.

    Build them before a test changes either (an added section without views, a moved path),
    or the whole worker would keep that test's addresses.
    """
    get_resolver().url_patterns  # noqa: B018


@pytest.fixture
def sections():
    """A scratch copy of the section registry, restored afterwards."""
    with registry.SECTIONS.scratch() as scratch:
        yield scratch


def call_token_create(email: str, scopes: str) -> str:
    """`frontdesk token create` as an operator runs it; returns the printed secret."""
    out = StringIO()
    call_command("token", "create", email, "script", "--scopes", scopes, stdout=out, stderr=StringIO())
    return re.search(r"^fd_\S+$", out.getvalue(), re.MULTILINE).group(0)


def menu_keys(html: str) -> list[str]:
    found = NAV.search(html)
    return re.findall(r'data-section="([\w-]+)"', found.group(0)) if found else []


def put_json(client: Client, path: str, body: dict):
    return client.put(path, json.dumps(body), content_type="application/json")


# --- The menu ------------------------------------------------------------------------------


def test_menu_shows_only_the_sections_the_account_may_open(make_user):
    user = make_user("core.tokens.manage")
    html = client_for(user).get("/cms/profile/").content.decode()
    assert menu_keys(html) == ["profile", "tokens"]


def test_superuser_menu_lists_every_core_section_in_order(admin_user):
    html = client_for(admin_user).get("/cms/profile/").content.decode()
    # The inbox and the host's sections; an optional app's (pages) may stand between them.
    core = [key for key in menu_keys(html) if key in ("inbox", "profile", "accounts", "tokens")]
    assert core == ["inbox", "profile", "accounts", "tokens"]
    assert "design" in menu_keys(html)


def test_menu_marks_the_open_section_as_current_page(admin_user):
    html = client_for(admin_user).get("/cms/tokens/").content.decode()
    assert re.search(r'<a href="/cms/tokens/" data-section="tokens" aria-current="page">', html)
    assert html.count('aria-current="page"') == 1


def test_menu_prints_group_headings(admin_user):
    html = client_for(admin_user).get("/cms/profile/").content.decode()
    heading = re.search(r'<h2 class="fd-nav-heading" id="(fd-nav-group-\d+)">Settings</h2>', html)
    assert heading and f'aria-labelledby="{heading[1]}"' in html


def test_style_guide_is_hidden_from_an_account_without_the_permission(make_user):
    user = make_user("core.tokens.manage")
    client = client_for(user)
    assert client.get("/cms/design/").status_code == 403
    assert "design" not in menu_keys(client.get("/cms/profile/").content.decode())


# --- Landing -------------------------------------------------------------------------------


def test_landing_is_the_first_visible_section_registered_as_landing(sections, make_user):
    user = make_user("core.tokens.manage")
    sections["a-landing"] = Section(
        key="a-landing", label="A", urlconf="x", permission="core.accounts.manage", order=1, landing=True
    )
    sections["b-landing"] = Section(
        key="b-landing", label="B", urlconf="x", permission="core.tokens.manage", order=500, landing=True
    )
    sections["c-landing"] = Section(key="c-landing", label="C", urlconf="x", order=2, landing=True)
    # a-landing is hidden from this account; b was registered before c, so b wins despite its order.
    assert landing_section_for(user).key == "b-landing"
    response = client_for(user).get("/cms/")
    assert response.status_code == 302
    assert response["Location"] == "/cms/b-landing/"


def test_landing_falls_back_to_the_first_visible_section(sections, make_user):
    user = make_user("core.tokens.manage")
    sections["early"] = Section(
        key="early", label="Early", urlconf="x", permission="core.accounts.manage", order=1
    )
    assert landing_section_for(user).key == "profile"
    assert client_for(user).get("/cms/")["Location"] == "/cms/profile/"


def test_administrator_lands_on_the_inbox_the_registered_landing_section(admin_user):
    assert client_for(admin_user).get("/cms/")["Location"] == "/cms/inbox/"


def test_an_inbox_registered_without_landing_gives_way_to_a_landing_section(sections, admin_user):
    sections["inbox"] = replace(sections["inbox"], landing=False)
    assert landing_section_for(admin_user).key == "inbox"  # still the first visible one
    sections["spot"] = Section(key="spot", label="Spot", urlconf="x", order=500, landing=True)
    assert landing_section_for(admin_user).key == "spot"


@override_settings(FRONTDESK={"panel": {"paths": {"tokens": "agents/keys/"}}})
def test_a_site_moves_a_section_with_the_paths_setting(sections, make_user):
    assert registry.SECTIONS["tokens"].address == "agents/keys"
    sections["spot"] = Section(key="spot", label="Spot", urlconf="x", path="somewhere", landing=True)
    assert sections["spot"].address == "somewhere"
    user = make_user("core.tokens.manage")
    html = client_for(user).get("/cms/profile/").content.decode()
    assert 'href="/cms/agents/keys/" data-section="tokens"' in html


@override_settings(FRONTDESK={"panel": {"paths": {"profile": "me"}}})
def test_the_landing_redirect_follows_a_moved_section(make_user):
    assert client_for(make_user()).get("/cms/")["Location"] == "/cms/me/"


def test_an_account_without_any_section_sees_a_clear_page(sections, make_user):
    del sections["profile"]
    response = client_for(make_user()).get("/cms/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Your account can't open any section yet. Ask an administrator to give you a role." in html
    assert 'id="fd-nav"' not in html


# --- Access --------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/cms/", "/cms/profile/", "/cms/accounts/", "/cms/password/change/"])
def test_anonymous_visitors_are_sent_to_the_login_page(client, path):
    response = client.get(path)
    assert response.status_code == 302
    assert response["Location"].startswith("/cms/login/?next=")


@pytest.mark.parametrize("path", ["/cms/accounts/", "/cms/tokens/", "/cms/design/"])
def test_an_account_without_the_permission_gets_403(make_user, path):
    assert client_for(make_user()).get(path).status_code == 403


def test_login_page_ties_labels_to_inputs(client):
    html = client.get("/cms/login/").content.decode()
    assert '<label for="id_username">' in html
    assert '<label for="id_password">' in html
    assert 'autocomplete="current-password"' in html


def test_a_failed_login_shows_an_error_summary(client, make_user):
    make_user(email="someone@example.com")
    response = client.post("/cms/login/", {"username": "someone@example.com", "password": "wrong"})
    html = response.content.decode()
    assert response.status_code == 200
    assert 'class="fd-error-summary"' in html
    assert "data-focus-on-load" in html


def test_login_goes_to_the_panel(client, admin_user):
    from tests.conftest import PASSWORD

    response = client.post("/cms/login/", {"username": "admin@example.com", "password": PASSWORD})
    assert response["Location"] == "/cms/"


def test_log_out_is_a_post_form_in_the_shell(admin_user):
    client = client_for(admin_user)
    html = client.get("/cms/profile/").content.decode()
    assert re.search(r'<form method="post" action="/cms/logout/">', html)
    assert client.post("/cms/logout/")["Location"] == "/cms/login/"
    assert client.get("/cms/profile/").status_code == 302


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("/cms/password/reset/sent/", "we have sent it a link"),
        ("/cms/password/reset/done/", "Your new password is set"),
    ],
)
def test_message_pages_say_what_happened(client, path, words):
    response = client.get(path)
    assert response.status_code == 200
    assert words in response.content.decode()


def test_password_change_done_page_needs_a_login_and_says_it_is_changed(admin_user, client):
    assert client.get("/cms/password/change/done/").status_code == 302
    html = client_for(admin_user).get("/cms/password/change/done/").content.decode()
    assert "Your password has been changed." in html


def test_password_reset_link_that_is_invalid_explains_itself(client):
    html = client.get("/cms/password/reset/MQ/bad-token/", follow=True).content.decode()
    assert "This link no longer works" in html


def test_password_reset_sends_a_link_that_leads_to_the_new_password_form(
    client, make_user, mailoutbox, settings
):
    """The link names the site's configured address, never the Host header the request sent."""
    settings.BASE_URL = "https://desk.example.com"
    make_user(email="forgetful@example.com")
    response = client.post("/cms/password/reset/", {"email": "forgetful@example.com"}, HTTP_HOST="localhost")
    assert response["Location"] == "/cms/password/reset/sent/"
    link = re.search(r"https://\S+", mailoutbox[0].body).group(0)
    assert link.startswith("https://desk.example.com/cms/password/reset/")
    page = client.get(link.removeprefix("https://desk.example.com"), follow=True)
    assert "Choose a new password" in page.content.decode()


# --- PUT /api/cms/me -------------------------------------------------------------------------


def test_put_me_changes_name_and_language(make_user):
    user = make_user()
    response = put_json(
        client_for(user), "/api/cms/me", {"display_name": "  Grace  ", "panel_language": "de"}
    )
    assert response.status_code == 200
    assert response.json()["display_name"] == "Grace"
    user.refresh_from_db()
    assert (user.display_name, user.panel_language) == ("Grace", "de")


def test_new_panel_language_applies_on_the_next_page(make_user):
    client = client_for(make_user())
    put_json(client, "/api/cms/me", {"display_name": "", "panel_language": "ru"})
    assert '<html lang="ru"' in client.get("/cms/profile/").content.decode()


def test_put_me_refuses_a_language_the_site_does_not_have(make_user):
    user = make_user()
    response = put_json(client_for(user), "/api/cms/me", {"display_name": "X", "panel_language": "xx"})
    assert response.status_code == 422
    body = response.json()
    assert set(body["errors"]) == {"panel_language"}
    assert body["message"]
    user.refresh_from_db()
    assert (user.display_name, user.panel_language) == ("", "en")


@override_settings(LANGUAGES=[("en", "English")])
def test_put_me_checks_the_language_against_the_configured_languages(make_user):
    response = put_json(client_for(make_user()), "/api/cms/me", {"display_name": "", "panel_language": "de"})
    assert response.status_code == 422
    assert "panel_language" in response.json()["errors"]


def test_put_me_refuses_a_display_name_that_is_too_long(make_user):
    response = put_json(
        client_for(make_user()), "/api/cms/me", {"display_name": "x" * 151, "panel_language": "en"}
    )
    assert response.status_code == 422
    assert set(response.json()["errors"]) == {"display_name"}


def test_put_me_keys_a_missing_field_by_its_name(make_user):
    response = put_json(client_for(make_user()), "/api/cms/me", {"display_name": "X"})
    assert response.status_code == 422
    assert "panel_language" in response.json()["errors"]


def test_put_me_needs_the_csrf_token_with_a_session(make_user):
    client = Client(enforce_csrf_checks=True)
    client.force_login(make_user())
    response = put_json(client, "/api/cms/me", {"display_name": "X", "panel_language": "en"})
    assert response.status_code == 403


def test_put_me_needs_a_login(client):
    assert put_json(client, "/api/cms/me", {"display_name": "X", "panel_language": "en"}).status_code == 401


def test_a_read_only_token_may_not_change_the_account(make_user):
    user = make_user(display_name="Ada")
    _token, secret = ApiToken.issue(user, "script", ["inbox:read"])
    response = Client().put(
        "/api/cms/me",
        json.dumps({"display_name": "Mallory", "panel_language": "ru"}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {secret}",
    )
    assert response.status_code == 403
    assert response.json()["message"] == "This token lacks the scope account:write."
    user.refresh_from_db()
    assert (user.display_name, user.panel_language) == ("Ada", "en")


def test_a_token_with_account_write_changes_the_account(make_user):
    user = make_user(display_name="Ada")
    secret = call_token_create(user.email, "account:write")
    response = Client().put(
        "/api/cms/me",
        json.dumps({"display_name": "Grace", "panel_language": "de"}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {secret}",
    )
    assert response.status_code == 200
    user.refresh_from_db()
    assert (user.display_name, user.panel_language) == ("Grace", "de")


def test_any_token_may_read_its_own_account(make_user):
    user = make_user()
    _token, secret = ApiToken.issue(user, "script", ["inbox:read"])
    assert Client().get("/api/cms/me", HTTP_AUTHORIZATION=f"Bearer {secret}").json()["email"] == user.email


# --- GET /api/cms/accounts ---------------------------------------------------------------------


def test_accounts_list_needs_the_permission(client, make_user):
    assert client.get("/api/cms/accounts").status_code == 401
    assert client_for(make_user()).get("/api/cms/accounts").status_code == 403
    assert client_for(make_user("core.accounts.manage")).get("/api/cms/accounts").status_code == 200


def test_accounts_list_answers_with_the_paginator_structure(make_user):
    manager = make_user("core.accounts.manage", email="manager@example.com", display_name="Manny")
    role = Group.objects.create(name="Editors")
    manager.groups.add(role)
    for number in range(4):
        make_user(email=f"extra{number}@example.com")
    body = client_for(manager).get("/api/cms/accounts?per_page=2&page=2").json()
    assert set(body) == {"rows", "current_page", "per_page", "total", "last_page"}
    assert (body["current_page"], body["per_page"], body["total"], body["last_page"]) == (2, 2, 5, 3)
    assert [row["email"] for row in body["rows"]] == ["extra2@example.com", "extra3@example.com"]
    first = client_for(manager).get("/api/cms/accounts?q=manny").json()["rows"]
    assert first == [
        {
            "id": manager.pk,
            "email": "manager@example.com",
            "display_name": "Manny",
            "is_active": True,
            "is_superuser": False,
            "groups": ["Editors"],
        }
    ]


def test_accounts_list_refuses_a_page_size_beyond_the_limit(make_user):
    response = client_for(make_user("core.accounts.manage")).get("/api/cms/accounts?per_page=100000")
    assert response.status_code == 422
    assert "per_page" in response.json()["errors"]


def test_accounts_list_with_no_match_still_has_one_page(make_user):
    body = client_for(make_user("core.accounts.manage")).get("/api/cms/accounts?q=nobody-here").json()
    assert (body["rows"], body["total"], body["last_page"]) == ([], 0, 1)


# --- Pages -----------------------------------------------------------------------------------


def test_tokens_page_lists_tokens_without_their_secrets(admin_user):
    token, secret = ApiToken.issue(admin_user, "Report script", ["inbox:read"])
    html = client_for(admin_user).get("/cms/tokens/").content.decode()
    assert "Report script" in html
    assert "inbox:read" in html
    assert secret not in html
    assert token.secret_hash not in html
    assert secret[:8] not in html


def test_tokens_page_without_tokens_shows_how_to_create_one(admin_user):
    html = client_for(admin_user).get("/cms/tokens/").content.decode()
    assert "No agent tokens yet" in html
    assert "frontdesk token create" in html


def test_profile_page_offers_the_site_languages_in_their_own_names(make_user):
    html = client_for(make_user(language="de")).get("/cms/profile/").content.decode()
    assert '<option value="de" lang="de" selected>Deutsch</option>' in html
    assert '<option value="ru" lang="ru">Русский</option>' in html
    assert 'data-api="/api/cms/me"' in html


def test_shell_prints_the_js_strings_in_the_panel_language(make_user):
    html = client_for(make_user()).get("/cms/profile/").content.decode()
    strings = json.loads(
        re.search(r'<script id="fd-strings" type="application/json">(.*?)</script>', html).group(1)
    )
    assert strings["sortable.up"] == "Move %(item)s up"


def test_public_home_links_the_same_page_in_every_language(client):
    html = client.get("/de/").content.decode()
    assert '<html lang="de">' in html
    assert 'href="/" hreflang="en"' in html
    assert 'href="/ru/" hreflang="ru"' in html
    assert 'href="/de/" hreflang="de" lang="de" aria-current="true"' in html
    assert 'rel="alternate" hreflang="ru" href="http://testserver/ru/"' in html


def test_a_missing_permission_shows_the_panels_own_403_page(client, make_user):
    client.force_login(make_user())
    response = client.get("/cms/accounts/")
    assert response.status_code == 403
    assert "Not for your account" in response.content.decode()
    assert 'href="/cms/profile/"' in response.content.decode()  # the shell's menu is there


def test_an_unknown_public_address_shows_the_sites_404_page(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert "Page not found" in response.content.decode()


def test_my_account_changes_go_through_the_profile_operation(client, make_user):
    from frontdesk.core.accounts import update_profile

    user = make_user()
    update_profile(user, display_name="  Grace  ", panel_language="ru")
    user.refresh_from_db()
    assert (user.display_name, user.panel_language) == ("Grace", "ru")
