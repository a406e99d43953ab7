"""What a module's JSON-LD points at (publishing/head.py): its pictures by their whole addresses,
as schema.org asks (a picture's view holds a path), and the site's Organization by its @id only on
a page that prints that node. Shown with the test app's happenings index (tests/testapp/happenings.py),
whose Event node an events module's would resemble."""

from __future__ import annotations

import pytest
from django.test import Client

from frontdesk.pictures.operations import create_picture
from frontdesk.pictures.queries import resolve_pictures
from frontdesk.sitesettings.groups import SEO
from frontdesk.sitesettings.operations import update_group
from tests.head import json_ld
from tests.picture_files import picture_file

pytestmark = pytest.mark.django_db


def event_node(html: str) -> dict:
    (node,) = [node for node in json_ld(html) if node.get("@type") == "Event"]
    return node


def test_the_pictures_of_a_node_are_named_by_their_whole_addresses(media, client: Client):
    pictures = [create_picture(actor=None, values={"file": picture_file(400, 300)}) for _ in range(2)]
    query = "&".join(f"picture={picture.key}" for picture in pictures)
    images = event_node(client.get(f"/de/happenings?{query}").content.decode())["image"]
    views = resolve_pictures([picture.key for picture in pictures])
    assert all(view.url.startswith("/media/") for view in views.values())  # the library gives paths
    assert images == [f"http://testserver{views[picture.key].url}" for picture in pictures]


def test_a_node_points_at_the_organization_only_when_the_page_prints_it(client: Client):
    assert "organizer" not in event_node(client.get("/happenings?picture=none").content.decode())

    update_group(SEO, actor=None, values={"organization_name": "Harbour Ltd"})
    nodes = json_ld(client.get("/happenings?picture=none").content.decode())
    (organization,) = [node for node in nodes if node.get("@type") == "Organization"]
    assert event_node(client.get("/happenings?picture=none").content.decode())["organizer"] == {
        "@id": organization["@id"]
    }
