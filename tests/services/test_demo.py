"""The services' demo content: three services with pages reached from the home page; `--remove`
takes out only what the demo made."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from frontdesk.core.demo import DEMOS
from frontdesk.services import demo
from frontdesk.services.models import Service
from tests.services.conftest import make_service

pytestmark = pytest.mark.django_db


def test_the_demo_seeds_three_services_once_and_links_them_from_the_home_page(client):
    assert "services" in DEMOS.names()
    demo.seed()
    assert demo.seed().startswith("0 demo services created")
    assert Service.objects.count() == 3
    home = client.get("/de/").content.decode()
    assert '<a href="/de/services/gartenplanung">Gartenplanung</a>' in home
    assert client.get("/de/services/gartenplanung").status_code == 200


def test_remove_takes_out_only_what_the_demo_made(client):
    mine = make_service("Garden design", "my-garden")
    demo.seed()
    demo.remove()
    assert list(Service.all_objects.all()) == [mine]
    assert client.get("/services/garden-design").status_code == 404
    assert client.get("/services/my-garden").status_code == 200


def test_remove_leaves_an_editors_services_under_a_demo_slug_or_title(client):
    same_address = make_service("Garden design", "garden-design")
    same_title = make_service({"en": "Tree care", "de": "Baumpflege"}, "our-trees")
    output = demo.seed()
    assert (
        output == "2 demo services created (0 already there); left out, their address is taken: garden-design"
    )
    assert demo.remove() == "2 demo services removed"
    assert set(Service.all_objects.all()) == {same_address, same_title}
    assert client.get("/services/garden-design").status_code == 200
    assert client.get("/services/tree-care").status_code == 404


def test_the_demo_command_seeds_and_removes(capsys):
    call_command("demo", password="a long demo password 42")
    assert "services: 3 demo services created" in capsys.readouterr().out
    call_command("demo", remove=True)
    assert "services: 3 demo services removed" in capsys.readouterr().out
    assert Service.all_objects.count() == 0
