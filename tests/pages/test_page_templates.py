"""What a site adds around its pages (issue 27, section 0): a page printed by its own template,
found by its slug, and a page beside a module's index at the module's prefix (the test app's
happenings, tests/testapp/happenings.py): refused the prefix while the index is on, given it once
the index is off, and never run through the module's middleware."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from frontdesk.core.errors import field_errors
from frontdesk.publishing.preview import preview_link
from tests.pages.conftest import text
from tests.testapp.happenings import STAMP

pytestmark = pytest.mark.django_db

OWN = '<p class="test-own-template-note">Printed by the page\'s own template.</p>'


def test_a_page_is_printed_by_its_own_template_by_its_slug_in_every_language(client, make_page):
    # tests/testapp/templates/pages/site/page-own-template-test.html
    make_page(
        {"en": "own-template-test", "de": "eigene-vorlage"},
        {"en": "Harbour tours", "de": "Hafenrundfahrten"},
        content={"en": [text("Boats leave at ten.")], "de": [text("Boote fahren um zehn.")]},
        publish=True,
    )
    english = client.get("/own-template-test").content.decode()
    assert OWN in english and "Boats leave at ten." in english and "<h1>Harbour tours</h1>" in english
    german = client.get("/de/eigene-vorlage").content.decode()
    assert OWN in german and "Boote fahren um zehn." in german  # the default language's slug names it
    assert '<article class="site-article">' not in german

    make_page("other", "Other", content={"en": [text("Plain.")]}, publish=True)
    plain = client.get("/other").content.decode()
    assert OWN not in plain and '<article class="site-article">' in plain


def test_the_preview_prints_a_page_with_its_own_template_too(make_page, make_user, client):
    page = make_page("own-template-test", "Harbour tours")
    client.force_login(make_user("pages.view"))
    assert OWN in client.get(preview_link("page", page)).content.decode()


def test_a_page_cannot_take_a_modules_index_address_while_the_index_is_on(settings, make_page, client):
    with pytest.raises(ValidationError) as refused:
        make_page("happenings", "Happenings")
    assert field_errors(refused.value)["slug"][0] == "The address /happenings is kept by the site for itself."

    settings.FRONTDESK = {**settings.FRONTDESK, "testapp": {"index": False}}
    page = make_page("happenings", "Happenings", content={"en": [text("Our own list.")]}, publish=True)
    assert page.pk
    assert make_page("happenings-archive", "Archive")  # only the index's own path was kept


def test_a_page_never_runs_a_modules_middleware(settings, make_page, client):
    settings.FRONTDESK = {
        **settings.FRONTDESK,
        "testapp": {"middleware": ["tests.testapp.happenings.StampMiddleware"]},
    }
    make_page("about", "About us", publish=True)
    assert client.get("/happenings").headers[STAMP] == "happenings"
    about = client.get("/about")
    assert about.status_code == 200 and STAMP not in about.headers
