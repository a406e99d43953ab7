"""Every panel screen, and every public page of the demo, is valid HTML: the W3C Nu checker
(tests/nu_checker.py) reads each as a signed-in superuser gets it with the demo content, all of
them in one Java process, and the test fails on any error, printing them all. The checker's
warnings count too: each one so far was a fault of ours (a section without a heading).

The panel's screens are the twelve of its menu, each section's editors (a form, a submission, a
page, a service, a question, each settings group, ...) and the pages around logging in. The
category and picture editors are dialogs the panel's scripts fill in on their section's screen;
the screen's own HTML (the dialogs' frames included) is what is checked here.
"""

from __future__ import annotations

import re
from io import StringIO
from urllib.parse import urlsplit

import pytest
from django.core.management import call_command
from django.test import Client

from frontdesk.settings import OPTIONAL_APPS
from tests.nu_checker import nu_errors, require_java
from tests.optional import installed

pytestmark = pytest.mark.django_db

# The sections of an optional app a run leaves out (FRONTDESK_WITHOUT) are left out here too.
OPTIONAL_SCREENS = {
    "pages": ["/cms/pages/"],
    "services": ["/cms/services/"],
    "blocks": ["/cms/block-types/"],
    "faq": ["/cms/faq/questions/", "/cms/faq/categories/"],
}
MENU = [
    "/cms/inbox/",
    "/cms/pages/",
    "/cms/services/",
    "/cms/faq/questions/",
    "/cms/faq/categories/",
    "/cms/pictures/",
    "/cms/profile/",
    "/cms/accounts/",
    "/cms/tokens/",
    "/cms/settings/",
    "/cms/block-types/",
    "/cms/design/",
]
SIGNED_OUT = ["/cms/login/", "/cms/password/reset/"]


@pytest.fixture
def demo(db):
    require_java()  # before the demo's seconds are spent
    call_command("demo", "--password", "a long demo password 42", stdout=StringIO())


@pytest.fixture
def superuser_client(demo, make_user) -> Client:
    # Signed in after the demo ran: the demo sets its own accounts up and ends their sessions.
    client = Client()
    client.force_login(make_user(is_superuser=True, is_staff=True, display_name="Ada Admin"))
    return client


def menu() -> list[str]:
    left_out = {path for name, paths in OPTIONAL_SCREENS.items() if not installed(name) for path in paths}
    return [path for path in MENU if path not in left_out]


def editors() -> list[str]:
    """One editor of each kind, on the demo's first record of each."""
    from frontdesk.inbox.models import Form, Submission

    form = Form.objects.order_by("pk").first()
    submission = Submission.objects.order_by("pk").first()
    assert form and submission, "the demo made one of each"
    return [
        f"/cms/inbox/forms/{form.pk}/",
        f"/cms/inbox/forms/{form.pk}/edit/",
        f"/cms/inbox/forms/{form.pk}/embedding/",
        f"/cms/inbox/forms/{form.pk}/new-submission/",
        "/cms/inbox/forms/new/",
        "/cms/inbox/statuses/",
        f"/cms/inbox/submissions/{submission.pk}/",
        "/cms/password/change/",
        *optional_editors(),
    ]


def optional_editors() -> list[str]:
    paths = []
    if installed("faq"):
        from frontdesk.categories.models import Category
        from frontdesk.faq.models import Question

        question = Question.objects.order_by("pk").values_list("pk", flat=True)[0]
        category = Category.objects.filter(type="faq").order_by("pk").values_list("pk", flat=True)[0]
        paths += [
            f"/cms/faq/questions/{question}/",
            "/cms/faq/questions/new/",
            "/cms/faq/questions/bin/",
            f"/cms/faq/categories/?category={category}",
            "/cms/faq/categories/bin/",
        ]
    if installed("pages"):
        from frontdesk.pages.models import Page

        paths.append(f"/cms/pages/{Page.objects.order_by('pk').values_list('pk', flat=True)[0]}/")
    if installed("services"):
        from frontdesk.services.models import Service

        service = Service.objects.order_by("pk").values_list("pk", flat=True)[0]
        paths += [f"/cms/services/{service}/", "/cms/services/new/", "/cms/services/bin/"]
    return paths


def html_of(client: Client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, f"{path} answered {response.status_code}"
    assert response["Content-Type"].startswith("text/html"), path
    return response.content.decode()


def test_every_panel_screen_is_valid_html(superuser_client: Client):
    pages = {path: html_of(superuser_client, path) for path in menu() + editors()}
    groups = re.findall(r'href="(/cms/settings/[a-z0-9-]+/)"', pages["/cms/settings/"])
    assert groups, "the settings screen links to its groups"
    pages |= {path: html_of(superuser_client, path) for path in dict.fromkeys(groups)}
    pages |= {path: html_of(Client(), path) for path in SIGNED_OUT}
    errors = nu_errors(pages, warnings=True)
    assert not errors, f"{len(errors)} errors and warnings in the panel's HTML:\n" + "\n".join(errors)


def test_every_public_page_of_the_demo_is_valid_html(demo):
    client = Client()
    sitemap = html_of_xml(client, "/sitemap.xml")
    paths = [urlsplit(address).path for address in re.findall(r"<loc>([^<]+)</loc>", sitemap)]
    # The demo's pages in three languages: 20 and more with every optional app, fewer without.
    assert len(paths) >= (20 if all(installed(name) for name in OPTIONAL_APPS) else 3), paths
    errors = nu_errors({path: html_of(client, path) for path in paths}, warnings=True)
    assert not errors, f"{len(errors)} errors and warnings in the public pages' HTML:\n" + "\n".join(errors)


def html_of_xml(client: Client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, path
    return response.content.decode()
