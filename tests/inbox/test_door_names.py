"""The public door's input names and address come from one place (inbox/door.py): the embed tag,
the agent tools and the form editor print what the door reads back."""

from __future__ import annotations

import re

import pytest

from frontdesk.inbox.answers import door_address, machine_name
from frontdesk.inbox.mcp_tools import inbox_form_get
from tests.inbox.test_embed import render

pytestmark = pytest.mark.django_db


def test_the_tag_and_the_agent_tools_name_each_input_as_the_door_reads_it(contact_form):
    html = render('{% inbox_form "contact" %}')
    printed = set(re.findall(r'name="(fields\[[^"]+)"', html))
    told = inbox_form_get(None, "contact")["form"]["door"]["inputs"]
    assert set(told.values()) == printed
    assert told["days"] == "fields[days][]" and told["name"] == "fields[name]"  # several values: []
    assert {name: machine_name(input_name) for name, input_name in told.items()} == {
        name: name for name in told
    }


def test_every_door_names_the_same_whole_address(contact_form, settings, make_user, client):
    settings.BASE_URL = "https://www.example.org/"  # a trailing slash makes no double one
    address = "https://www.example.org/site/forms/contact"
    assert door_address("contact") == address
    assert inbox_form_get(None, "contact")["form"]["door"]["address"] == address
    client.force_login(make_user("inbox.view", "inbox.manage"))
    editor = client.get(f"/cms/inbox/forms/{contact_form.pk}/embedding/").content.decode()
    assert address in editor
    assert 'action="/site/forms/contact"' in render('{% inbox_form "contact" %}')
