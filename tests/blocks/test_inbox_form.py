"""The inbox form block prints what {% inbox_form %} prints; the inbox never imports blocks."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.template import engines
from django.test import Client, RequestFactory

import frontdesk.inbox
from frontdesk.blocks.collections import picker_choices
from frontdesk.blocks.content import clean_content
from frontdesk.blocks.models import BlockType
from frontdesk.blocks.rendering import render_content
from frontdesk.core.models import ApiToken
from frontdesk.inbox.operations import create_form
from tests.inbox.conftest import CONTACT_FIELDS

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def steady_timestamp(monkeypatch):
    """The form's antispam token is encrypted with a fresh IV on every print; fixed here so two
    prints of one form compare equal."""
    monkeypatch.setattr("frontdesk.inbox.antispam.issue_timestamp", lambda slug: f"token-of-{slug}")


@pytest.fixture
def form_block(db):
    return BlockType.objects.create(slug="inbox-form", name={"en": "Form"}, code="inbox-form")


@pytest.fixture
def contact(db):
    return create_form(
        actor=None, values={"slug": "contact", "title": {"en": "Contact"}}, fields=CONTACT_FIELDS
    )


def tag(source: str, request) -> str:
    return engines["django"].from_string("{% load inbox %}" + source).render({"request": request})


def blocks_of(*values: dict) -> list[dict]:
    return clean_content(
        [{"type": "inbox-form", "values": item} for item in values], stored=None, language="en"
    )


def test_the_block_prints_exactly_what_the_tag_prints(form_block, contact):
    request = RequestFactory().get("/")
    plain, classed = (
        blocks_of({"form": contact.pk}),
        blocks_of({"form": contact.pk, "css_class": " my-form  wide "}),
    )
    assert str(render_content(plain, request=request, language="en")) == tag(
        '{% inbox_form "contact" %}', request
    )
    assert str(render_content(classed, request=request, language="en")) == tag(
        '{% inbox_form "contact" class="my-form wide" %}', request
    )
    assert 'class="site-form my-form wide"' in tag('{% inbox_form "contact" class="my-form wide" %}', request)


def test_nothing_for_an_unknown_or_switched_off_form(form_block, contact):
    blocks = blocks_of({"form": contact.pk})
    contact.is_switched_off = True
    contact.save()
    assert str(render_content(blocks, request=None, language="en")) == ""
    contact.delete()
    assert str(render_content(blocks, request=None, language="en")) == ""


def test_a_form_that_does_not_exist_or_a_bad_class_is_refused(form_block, contact):
    with pytest.raises(ValidationError) as caught:
        blocks_of({"form": contact.pk + 100}, {"form": contact.pk, "css_class": 'x" onclick="y'})
    assert caught.value.message_dict == {
        "content.0.form": [f"There is no form {contact.pk + 100}."],
        "content.1.css_class": ["Class names hold letters, digits, '-' and '_', separated by spaces."],
    }


def test_the_picker_lists_the_forms_with_switched_off_ones_marked(contact, make_user):
    off = create_form(
        actor=None, values={"slug": "old", "title": {"en": "Old"}, "is_switched_off": True}, fields=[]
    )
    choices = picker_choices(make_user("inbox.view"), "inbox-forms", "forms", language="en")
    assert [(choice.value, choice.label, choice.hidden) for choice in choices] == [
        (contact.pk, "Contact", False),
        (off.pk, "Old", True),
    ]


def test_the_forms_picker_answers_only_an_account_that_may_read_the_inbox(contact, make_user, client):
    """Issue 25 item 5: a collection's picker asks its module's reading permission (inbox.view),
    as the FAQ's asks faq.view; a token also needs inbox:read."""
    picker = "/api/cms/blocks/pickers/inbox-forms/forms"
    client.force_login(make_user())
    refused = client.get(picker)
    assert refused.status_code == 403 and "Contact" not in refused.text
    client.force_login(make_user("inbox.view"))
    assert client.get(picker).status_code == 200
    secret = ApiToken.issue(make_user(is_superuser=True), "blocks only", ["blocks:read"])[1]
    by_token = Client().get(picker, HTTP_AUTHORIZATION=f"Bearer {secret}")
    assert by_token.status_code == 403 and "Contact" not in by_token.text


@pytest.mark.parametrize("count", [1, 5])
def test_several_form_blocks_read_the_forms_in_one_query(
    form_block, contact, django_assert_num_queries, count
):
    blocks = blocks_of(*[{"form": contact.pk}] * count)
    # The types, the forms; then the tag's own read of each form's fields.
    with django_assert_num_queries(2 + count):
        render_content(blocks, request=None, language="en")


def absolute(source: Path, package: Path, node: ast.ImportFrom) -> str:
    """The module an import names, a relative one (`from ..blocks import x`) resolved."""
    if not node.level:
        return node.module or ""
    parts = ["frontdesk", "inbox", *source.relative_to(package).parent.parts]
    base = parts[: len(parts) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def test_no_module_of_the_inbox_imports_the_block_system():
    package = Path(frontdesk.inbox.__file__).parent
    importers = []
    for source in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(source.read_text(), filename=str(source))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [absolute(source, package, node)]
            else:
                continue
            if any(name == "frontdesk.blocks" or name.startswith("frontdesk.blocks.") for name in names):
                importers.append(str(source.relative_to(package)))
    assert importers == []
    assert len(list(package.rglob("*.py"))) > 20  # the walk did read the inbox
