"""A service's cover, rich-text description and SEO card: judged by the operation (through the API's
body), answered by the doors, printed on the page (through the layout: the card's head, a
breadcrumb, the cover with its sizes, the description's pictures in the same query) and on the
card, and counted as picture uses that refuse a picture's deletion."""

from __future__ import annotations

import json
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from frontdesk.core.errors import InUse
from frontdesk.pictures.operations import create_picture, purge_picture
from frontdesk.services.operations import bin_service
from frontdesk.services.outputs import published_cards
from tests.head import json_ld
from tests.picture_files import picture_file
from tests.services.conftest import make_service

pytestmark = pytest.mark.django_db
BASE = "/api/cms/services"


@pytest.fixture
def pictures(media) -> dict:
    return {
        "cover": create_picture(
            actor=None,
            values={"file": picture_file(1200, 800), "alt": {"en": "A garden", "de": "Ein Garten"}},
        ),
        "inline": create_picture(
            actor=None, values={"file": picture_file(640, 480), "alt": {"en": "A plan"}}
        ),
        "social": create_picture(actor=None, values={"file": picture_file(800, 600)}),
    }


def send(client: Client, method: str, path: str, body: dict):
    return getattr(client, method)(path, data=json.dumps(body), content_type="application/json")


def test_the_api_takes_a_cover_a_rich_text_description_and_the_seo_card(editor_client, pictures):
    cover, inline = pictures["cover"].key, pictures["inline"].key
    answer = send(
        editor_client,
        "post",
        BASE,
        {
            "title": "Garden design",
            "cover": cover,
            "description": {
                "en": f'<p onclick="x()">We <b>plan</b>.</p><script>alert(1)</script><img data-picture="{inline}" alt="">'
            },
            "seo": {"title": {"en": "Gardens in Kiel"}, "image": pictures["social"].key},
        },
    )
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["cover"] == cover
    assert body["cover_picture"]["srcset"].count("w,") == 3 and body["cover_picture"]["width"] == 1200
    assert body["description"] == {"en": f'<p>We plan.</p><img data-picture="{inline}" alt="">'}
    assert body["seo"] == {
        "title": {"en": "Gardens in Kiel"}, "description": {}, "image": pictures["social"].key, "noindex": False,
    }  # fmt: skip
    changed = send(
        editor_client, "put", f"{BASE}/{body['id']}", {"seo": {"noindex": True}, "cover": None}
    ).json()
    assert changed["seo"]["title"] == {"en": "Gardens in Kiel"} and changed["seo"]["noindex"] is True
    assert changed["cover"] is None and changed["cover_picture"] is None
    assert changed["description"] == body["description"]  # left out: kept


@pytest.mark.parametrize(
    ("change", "key"),
    [
        ({"cover": "nosuchpicture"}, "cover"),
        ({"seo": {"image": "nosuchpicture"}}, "seo.image"),
        ({"seo": {"title": {"en": "x" * 101}}}, "seo.title"),
        ({"description": {"xx": "<p>Hi</p>"}}, "description"),
        ({"cover": "not a key!"}, "cover"),
    ],
)
def test_a_bad_cover_description_or_card_is_refused_under_its_name(editor_client, media, change, key):
    service = make_service("Garden design")
    answer = send(editor_client, "put", f"{BASE}/{service.pk}", change)
    assert answer.status_code == 422
    assert list(answer.json()["errors"]) == [key]


def head_and_body(html: str) -> tuple[str, str]:
    head, _sep, body = html.partition("</head>")
    return head, body


def test_the_page_prints_the_card_the_breadcrumb_the_cover_and_the_description(client, pictures):
    cover, inline = pictures["cover"].key, pictures["inline"].key
    make_service(
        {"en": "Garden design", "de": "Gartenplanung"},
        {"en": "garden-design", "de": "gartenplanung"},
        lead={"en": "A plan for your garden."},
        cover=cover,
        description={"en": f'<h2>How</h2><p>We plan.</p><img data-picture="{inline}" alt="">'},
        seo={"title": {"en": "Gardens in Kiel", "de": "Gärten in Kiel"}},
    )
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/services/garden-design")
    assert response.status_code == 200
    head, body = head_and_body(response.content.decode())
    # The head: the card's title; no card description, so the lead.
    assert "<title>Gardens in Kiel" in head and '<meta property="og:title" content="Gardens in Kiel">' in head
    assert '<meta name="description" content="A plan for your garden.">' in head
    assert '<link rel="canonical" href="http://testserver/services/garden-design">' in head
    assert '<link rel="alternate" hreflang="de" href="http://testserver/de/services/gartenplanung">' in head
    (trail,) = [node for node in json_ld(head) if node["@type"] == "BreadcrumbList"]
    assert [item["name"] for item in trail["itemListElement"]] == ["Home", "Garden design"]
    assert 'aria-label="Breadcrumb"' in body
    # The cover with every size, the description with its picture, both read in one query.
    assert re.search(
        rf'<figure class="site-cover"><img src="/media/pictures/{cover}/[^"]+-1200w.jpg" srcset="[^"]+320w, ',
        body,
    )
    assert 'alt="A garden"' in body and "<h2>How</h2>" in body
    assert re.search(
        rf'<img src="/media/pictures/{inline}/[^"]+" srcset="[^"]+" sizes="[^"]+" width="640" height="480" alt="A plan"',
        body,
    )
    assert (
        len(
            [
                q
                for q in queries.captured_queries
                if '"core_picture"' in q["sql"] or "`core_picture`" in q["sql"]
            ]
        )
        == 1
    )
    german_head, _body = head_and_body(client.get("/de/services/gartenplanung").content.decode())
    assert "<title>Gärten in Kiel" in german_head and 'alt="Ein Garten"' in _body


def test_the_card_carries_the_cover_and_many_cards_read_their_covers_in_one_query(pictures):
    services = [make_service(f"Service {n}", f"service-{n}", cover=pictures["cover"].key) for n in range(3)]
    with CaptureQueriesContext(connection) as one:
        published_cards([services[0].pk], "de")
    with CaptureQueriesContext(connection) as three:
        cards = published_cards([service.pk for service in services], "de")
    assert len(one) == len(three) == 3  # rows, addresses, covers
    card = cards[services[1].pk]
    assert card["cover"]["key"] == pictures["cover"].key and card["cover"]["alt"] == "Ein Garten"
    assert card["cover"]["srcset"].endswith("1200w")


def test_a_picture_a_service_shows_is_in_use_even_from_the_bin(pictures):
    cover, inline, social = (pictures[name].key for name in ("cover", "inline", "social"))
    garden = make_service("Garden design", cover=cover)
    make_service("Tree care", description={"de": f'<img data-picture="{inline}" alt="">'})
    make_service("Workshops", seo={"image": social})
    for key, where in (
        (cover, ["Services: Garden design"]),
        (inline, ["Services: Tree care"]),
        (social, ["Service SEO cards: Workshops"]),
    ):
        with pytest.raises(InUse) as refused:
            purge_picture(pictures_named(pictures, key), actor=None)
        assert refused.value.uses == where
    bin_service(garden, actor=None)
    with pytest.raises(InUse):
        purge_picture(pictures["cover"], actor=None)


def pictures_named(pictures: dict, key: str):
    return next(picture for picture in pictures.values() if picture.key == key)


def test_the_editor_shows_the_cover_picker_the_rich_text_boxes_and_the_seo_card(editor_client, pictures):
    service = make_service(
        "Garden design", cover=pictures["cover"].key, description={"en": "<p>We plan.</p>"}
    )
    html = editor_client.get(f"/cms/services/{service.pk}/").content.decode()
    assert re.search(rf'<input type="hidden" name="cover" value="{pictures["cover"].key}"', html)
    assert (
        'name="description.en"' in html and "data-richtext" in html and "&lt;p&gt;We plan.&lt;/p&gt;" in html
    )
    assert 'data-seo-card="seo"' in html and 'name="seo.image"' in html
    assert "Choose a picture…" in html
