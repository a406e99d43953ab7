"""The demo pages: a home page, an about page and a contact page with the inbox's form, published
and in the menu, so the navigation reaches every one from `/` in each language; the Organization;
the hook a module's demo places its blocks with; `--remove` takes out only what the demo made."""

from __future__ import annotations

import json
import re
from io import StringIO

import pytest
from django.apps import apps
from django.core.management import call_command
from django.test import Client

from frontdesk.blocks.models import BlockType
from frontdesk.core.demo import DEMO_BLOCKS, DemoBlocks
from frontdesk.inbox.models import Form
from frontdesk.pages import demo, operations
from frontdesk.pages.demo import PAGES
from frontdesk.pages.models import Page
from frontdesk.sitesettings.groups import SEO
from frontdesk.sitesettings.operations import update_group
from tests.pages.conftest import heading
from tests.pages.test_site import menu_links

pytestmark = pytest.mark.django_db

PREFIXES = {"en": "", "de": "/de", "ru": "/ru"}


def faq_demo_pages() -> dict:
    """The FAQ demo's pages, when the FAQ is installed: the demo makes them beside these."""
    if not apps.is_installed("frontdesk.faq"):
        return {}
    from frontdesk.faq.demo import PAGES as FAQ_PAGES

    return FAQ_PAGES


def faq_menu_titles(language: str) -> list[str]:
    return [values["title"][language] for values in faq_demo_pages().values() if values["in_menu"]]


def run_demo(*args: str) -> str:
    out = StringIO()
    call_command("demo", *args, "--password", "a long demo password 42", stdout=out)
    return out.getvalue()


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_the_menu_reaches_every_demo_page_from_the_home_page(client: Client, language):
    run_demo()
    home = f"{PREFIXES[language]}/"
    links = menu_links(client.get(home).content.decode())
    titles = [values["title"][language] for values in PAGES.values()]
    # The FAQ's demo puts its own page at the end of the menu (frontdesk/faq/demo.py).
    assert [title for _url, title in links] == [*titles, *faq_menu_titles(language)]
    for url, title in links:
        response = client.get(url)
        assert response.status_code == 200, url
        assert f"<h1>{title}</h1>" in response.content.decode()
    assert links[0][0] == home  # the demo home page is the site's home page


def test_the_contact_page_holds_the_inbox_contact_form_and_the_home_page_lists_the_other_demo_pages(
    client: Client,
):
    run_demo()
    html = client.get("/de/kontakt").content.decode()
    assert '<form class="site-form" method="post" action="/site/forms/contact"' in html
    assert "Ihr Name" in html  # the form's own labels, in the page's language
    Form.objects.filter(slug="contact").update(is_switched_off=True)
    assert 'class="site-form"' not in client.get("/de/kontakt").content.decode()
    home = client.get("/ru/").content.decode()
    assert '<a href="/ru/forms/event-enquiry/">' in home  # the inbox's other form page
    assert '<a href="/ru/services/' in home  # the services' pages


def test_the_demo_names_the_organization_only_while_the_site_names_none(client: Client):
    run_demo()
    nodes = re.findall(r'<script type="application/ld\+json">(.*?)</script>', client.get("/").text)
    assert any(json.loads(node).get("name") == "Frontdesk Gardens" for node in nodes)
    run_demo("--remove")
    assert "Frontdesk Gardens" not in client.get("/").text
    update_group(SEO, actor=None, values={"organization_name": "Our own firm"})
    run_demo()
    run_demo("--remove")
    assert "Our own firm" in client.get("/").text


def test_remove_keeps_an_organization_the_site_named_as_the_demo_does(client: Client):
    from frontdesk.sitesettings.demo import ORGANIZATION

    update_group(SEO, actor=None, values=ORGANIZATION)  # the site's own, word for word the demo's
    assert "seo: the Organization is named already" in run_demo()
    assert "seo: the Organization is not the demo's: kept" in run_demo("--remove")
    assert "Frontdesk Gardens" in client.get("/").text


def test_seeding_twice_makes_nothing_twice():
    first = run_demo()
    assert "pages: 3 demo pages created" in first
    revisions = dict(Page.objects.values_list("pk", "revision"))
    assert "pages: 0 demo pages created (3 already there)" in run_demo()
    assert dict(Page.objects.values_list("pk", "revision")) == revisions
    assert Page.objects.filter(in_menu=True).count() == 3 + len(faq_menu_titles("en"))


def test_remove_takes_out_only_what_the_demo_made(client: Client, make_page):
    mine = make_page("team", "Our team", content={"en": [heading("Hello")]}, in_menu=True, publish=True)
    taken = make_page("about", "Our about page", publish=True)
    output = run_demo()
    assert "left out, their address is taken: about" in output
    assert Page.objects.count() == 4 + len(faq_demo_pages())
    output = run_demo("--remove")
    assert "pages: 2 demo pages removed" in output
    assert set(Page.all_objects.all()) == {mine, taken}
    assert client.get("/team").status_code == 200 and "Our about page" in client.get("/about").text
    assert client.get("/kontakt").status_code == 404
    assert menu_links(client.get("/").text) == [("/team", "Our team")]
    # The host types the site's pages use stay; the demo's own list type goes.
    assert set(BlockType.objects.values_list("slug", flat=True)) >= {"heading"}
    assert not BlockType.objects.filter(slug=demo.LIST_SLUG).exists()


def test_remove_leaves_an_editors_pages_and_forms_under_the_demos_titles_and_slugs(client: Client, make_page):
    # The site's own contact page and form, and a page under the demo home page's title.
    contact = make_page("contact", "Contact", content={"en": [heading("Call us")]}, publish=True)
    welcome = make_page("welcome", "Welcome", publish=True)
    from frontdesk.inbox.operations import create_form

    own_form = create_form(actor=None, values={"slug": "contact", "title": {"en": "Our form"}}, fields=[])
    revisions = {page.pk: Page.all_objects.get(pk=page.pk).revision for page in (contact, welcome)}
    assert "left out, their address is taken: contact" in run_demo()
    run_demo("--remove")
    assert set(Page.all_objects.all()) == {contact, welcome}
    assert {page.pk: page.revision for page in Page.all_objects.all()} == revisions  # untouched
    assert list(Form.objects.all()) == [own_form]
    assert "Call us" in client.get("/contact").text


def test_a_site_home_page_keeps_its_flag(make_page):
    own = make_page("start", "Start", is_home=True, publish=True)
    run_demo()
    assert list(Page.objects.filter(is_home=True)) == [own]


def test_a_modules_demo_places_its_blocks_and_takes_them_out(client: Client):
    def blocks(language):
        return {"about": [heading({"en": "Our tours", "de": "Unsere Touren", "ru": "Наши туры"}[language])]}

    with DEMO_BLOCKS.temporarily("tours", DemoBlocks(name="tours", blocks=blocks)):
        run_demo()
        assert "<h2>Unsere Touren</h2>" in client.get("/de/ueber-uns").text
        demo.place_demo_blocks("tours")  # again: still once
        assert client.get("/de/ueber-uns").text.count("Unsere Touren") == 1
        demo.take_out_demo_blocks("tours")
        assert "Unsere Touren" not in client.get("/de/ueber-uns").text
        assert "<h2>Wer wir sind</h2>" in client.get("/de/ueber-uns").text


def test_the_demo_pages_are_ordinary_pages_an_editor_may_change(client: Client):
    run_demo()
    about = demo.demo_pages_made()["about"]
    saved = operations.update_page(
        about, actor=None, values={"title": {"en": "About the team"}}, revision=about.revision
    )
    operations.publish_page(saved, actor=None)
    assert "<h1>About the team</h1>" in client.get("/about").text
