"""Shared categories with addresses: a cover, the introduction as rich text and the SEO card, judged
by the operations (through the type's API router), shown on the Categories screen, and counted as
picture uses; a type without addresses refuses all three."""

from __future__ import annotations

import json
import re

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from frontdesk.categories import operations
from frontdesk.categories.inputs import inputs_for
from frontdesk.core.errors import InUse
from frontdesk.pictures.operations import create_picture, purge_picture
from frontdesk.pictures.uses import uses_of
from tests.clients import client_for
from tests.picture_files import picture_file
from tests.testapp.categories import HAPPENING, HAPPENINGS_MANAGE, TOPIC

pytestmark = pytest.mark.django_db

HAPPENINGS = "/api/cms/testapp/happening-categories"


@pytest.fixture
def manager(make_user) -> Client:
    return client_for(make_user(HAPPENINGS_MANAGE))


def send(client: Client, method: str, path: str, body: dict):
    return getattr(client, method)(path, data=json.dumps(body), content_type="application/json")


def test_a_category_with_an_address_takes_a_cover_rich_text_and_the_seo_card(manager, media):
    cover = create_picture(actor=None, values={"file": picture_file()}).key
    social = create_picture(actor=None, values={"file": picture_file()}).key
    answer = send(
        manager,
        "post",
        HAPPENINGS,
        {
            "name": {"en": "Workshops"},
            "cover": cover,
            "introduction": {
                "en": '<p>Small <em>groups</em>.</p><script>x()</script><a href="javascript:x()">Go</a>'
            },
            "seo": {"description": {"en": "Hands-on workshops."}, "image": social},
        },
    )
    assert answer.status_code == 201, answer.json()
    created = answer.json()
    assert created["cover"] == cover
    assert created["introduction"] == {
        "en": '<p>Small <em>groups</em>.</p><a rel="noopener noreferrer">Go</a>'
    }
    assert (
        created["seo"]["description"] == {"en": "Hands-on workshops."} and created["seo"]["image"] == social
    )
    changed = send(
        manager, "put", f"{HAPPENINGS}/{created['id']}", {"seo": {"noindex": True}, "cover": ""}
    ).json()
    assert (
        changed["cover"] is None and changed["seo"]["image"] == social and changed["seo"]["noindex"] is True
    )


@pytest.mark.parametrize(
    ("change", "key"),
    [
        ({"cover": "nosuchpicture"}, "cover"),
        ({"seo": {"image": "nosuchpicture"}}, "seo.image"),
        ({"seo": {"noindex": "maybe"}}, "seo.noindex"),
    ],
)
def test_a_bad_cover_or_card_is_refused_under_its_name(manager, media, change, key):
    created = send(manager, "post", HAPPENINGS, {"name": {"en": "Workshops"}}).json()
    answer = send(manager, "put", f"{HAPPENINGS}/{created['id']}", change)
    assert answer.status_code == 422
    assert list(answer.json()["errors"]) == [key]


def test_a_type_without_addresses_refuses_cover_and_seo_card(media):
    cover = create_picture(actor=None, values={"file": picture_file()}).key
    with pytest.raises(ValidationError) as refused:
        operations.create_category(
            TOPIC, actor=None, values={"name": "Shipping", "cover": cover, "seo": {"noindex": True}}
        )
    assert refused.value.message_dict == {
        "cover": ["These categories have no address."],
        "seo": ["These categories have no address."],
    }
    fields = set(inputs_for(TOPIC).change.model_fields)
    assert not fields & {"cover", "seo", "introduction", "slug"}
    assert {"cover", "seo", "introduction"} <= set(inputs_for(HAPPENING).change.model_fields)


def test_a_picture_a_category_shows_is_in_use_and_named_with_its_screen(media):
    cover = create_picture(actor=None, values={"file": picture_file()})
    inline = create_picture(actor=None, values={"file": picture_file()})
    social = create_picture(actor=None, values={"file": picture_file()})
    workshops = operations.create_category(
        HAPPENING, actor=None, values={"name": "Workshops", "cover": cover.key}
    )
    operations.create_category(
        HAPPENING,
        actor=None,
        values={"name": "Talks", "introduction": {"de": f'<img data-picture="{inline.key}" alt="">'}},
    )
    operations.create_category(HAPPENING, actor=None, values={"name": "Walks", "seo": {"image": social.key}})
    for picture, where in (
        (cover, "Categories: Workshops"),
        (inline, "Categories: Talks"),
        (social, "Category SEO cards: Walks"),
    ):
        with pytest.raises(InUse) as refused:
            purge_picture(picture, actor=None)
        assert refused.value.uses == [where]
    ((_kind, use),) = uses_of(cover.key)
    assert use.url == f"/cms/testapp-happenings/?category={workshops.pk}"


def test_the_screen_of_a_type_with_addresses_offers_the_cover_rich_text_and_the_seo_card(make_user, media):
    client = Client()
    client.force_login(make_user(HAPPENINGS_MANAGE))
    page = client.get("/cms/testapp-happenings/").content.decode()
    assert 'name="introduction.en"' in page and "data-richtext" in page
    assert re.search(r'<input type="hidden" name="cover" value=""', page)
    assert 'data-seo-card="seo"' in page
