"""The FAQPage markup (issue 14, item 9): one FAQPage for every block of a page, a shared question
once in order of first appearance; the flag's truth table; the config key; a layout that prints
the head first."""

from __future__ import annotations

import pytest
from django.test import override_settings

from frontdesk.blocks.content import code_for
from frontdesk.blocks.models import BlockType
from frontdesk.faq.block import FaqBlock
from tests.faq.conftest import make_category, make_question
from tests.faq.pages import all_titles, faq, faq_pages, install_faq_type, markup_names, publish_page
from tests.testapp.models import BlockPost

pytestmark = pytest.mark.django_db

HEAD_FIRST = "testapp/head_first_layout.html"
BOTH = {"en": "<p>Yes.</p>", "de": "<p>Ja.</p>"}


@pytest.fixture
def catalog(db):
    install_faq_type()
    shipping = make_category("Shipping")
    payment = make_category("Payment")
    made = {
        "delivery": make_question({"en": "Delivery", "de": "Lieferung"}, BOTH, categories=[shipping.pk], published=True),
        "card": make_question({"en": "Card", "de": "Karte"}, BOTH, categories=[payment.pk], published=True),
        "english": make_question("English only", "<p>Sorry.</p>", categories=[payment.pk], published=True),
        "draft": make_question({"en": "Draft", "de": "Entwurf"}, BOTH, categories=[payment.pk]),
    }  # fmt: skip
    return {"shipping": shipping.pk, "payment": payment.pk, **made}


def with_config(settings, markup: bool):
    return override_settings(FRONTDESK={**settings.FRONTDESK, "faq": {"markup": markup}})


def test_two_blocks_sharing_a_question_give_one_faqpage_in_page_order_the_shared_one_once(client, catalog):
    publish_page([faq(categories=[catalog["payment"]], markup=True), faq()])
    html = client.get("/questions").text
    head, _sep, body = html.partition("</head>")
    (page,) = faq_pages(head)
    assert faq_pages(body) == []
    assert [question["name"] for question in page["mainEntity"]] == ["Card", "English only", "Delivery"]
    card = page["mainEntity"][0]
    assert card == {
        "@type": "Question",
        "name": "Card",
        "url": "http://testserver/questions#card",
        "inLanguage": "en",
        "acceptedAnswer": {"@type": "Answer", "text": "<p>Yes.</p>"},
    }
    assert page["@context"] == "https://schema.org"


def test_the_german_page_lists_only_what_the_german_reader_sees(client, catalog):
    publish_page([faq()])
    (page,) = faq_pages(client.get("/de/questions-de").text)
    assert [(q["name"], q["inLanguage"], q["url"]) for q in page["mainEntity"]] == [
        ("Lieferung", "de", "http://testserver/de/questions-de#delivery"),
        ("Karte", "de", "http://testserver/de/questions-de#card"),
    ]


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ({}, ["Delivery", "Card", "English only"]),  # null, every category: on
        ({"categories": "chosen"}, None),  # null, chosen categories: off
        ({"categories": "chosen", "markup": True}, ["Delivery"]),
        ({"markup": False}, None),
        ({"markup": True}, ["Delivery", "Card", "English only"]),
    ],
)
def test_the_flags_truth_table(client, catalog, values, expected):
    if values.get("categories") == "chosen":
        values = {**values, "categories": [catalog["shipping"]]}
    publish_page([faq(**values)])
    assert markup_names(client.get("/questions").text) == expected


def test_after_a_reset_to_null_the_flag_follows_the_categories_again(client, catalog):
    from frontdesk.pages import operations

    page = publish_page({"en": [faq(categories=[catalog["shipping"]], markup=True)]})
    assert markup_names(client.get("/questions").text) == ["Delivery"]
    (block,) = page.content["en"]
    saved = operations.update_page(
        page, actor=None, values={"content": {"en": [{**block, "values": {**block["values"], "markup": None}}]}},
        revision=page.revision,
    )  # fmt: skip
    operations.publish_page(saved, actor=None)
    assert markup_names(client.get("/questions").text) is None


def test_with_the_config_key_off_no_faqpage_anywhere_and_the_flags_are_kept(client, catalog, settings):
    page = publish_page([faq(markup=True), faq()])
    with with_config(settings, False):
        html = client.get("/questions").text
        assert markup_names(html) is None
        assert all_titles(html) == [["Delivery", "Card", "English only"]] * 2
        assert client.get("/de/questions-de").status_code == 200
        assert markup_names(client.get("/de/questions-de").text) is None
    assert [block["values"]["markup"] for block in page.content["en"]] == [True, None]
    assert markup_names(client.get("/questions").text) == ["Delivery", "Card", "English only"]


def test_with_the_config_key_off_the_editor_offers_no_markup_control(catalog, settings):
    code = code_for(BlockType.objects.get(slug="faq"))
    assert isinstance(code, FaqBlock)
    fields = {field["name"]: field for field in code.describe()["fields"]}
    assert fields["markup"]["kind"] == "flag" and fields["markup"]["auto_on_empty"] == "categories"
    with with_config(settings, False):
        fields = {field["name"]: field for field in code.describe()["fields"]}
    assert fields["markup"]["kind"] == "hidden"
    assert [fields[name]["kind"] for name in ("categories", "limit", "filter")] == [
        "choices",
        "number",
        "checkbox",
    ]


@pytest.mark.urls("tests.testapp.urls")
def test_under_a_layout_that_prints_the_head_first_no_faqpage_and_every_question_printed(
    client, catalog, settings
):
    # A holder whose content template prints its blocks (the test app's post), so the blocks
    # render inside the layout, after its head (a page of the pages app renders them earlier).
    blocks = [
        {"id": "all", "type": "faq", "values": {}},
        {"id": "chosen", "type": "faq", "values": {"categories": [catalog["payment"]], "markup": True}},
    ]
    post = BlockPost.objects.create(title="Questions", content={"en": blocks})
    assert markup_names(client.get(f"/test-posts/{post.pk}/").text) == ["Delivery", "Card", "English only"]
    settings.FRONTDESK = {**settings.FRONTDESK, "site": {"layout": HEAD_FIRST}}
    response = client.get(f"/test-posts/{post.pk}/")
    assert response.status_code == 200
    assert faq_pages(response.text) == []
    assert all_titles(response.text) == [["Delivery", "Card", "English only"], ["Card", "English only"]]


def test_a_question_holding_a_script_end_cannot_leave_the_json_ld(client, catalog):
    make_question("Is </script><script>alert(1)</script> safe?", "<p>Yes.</p>", published=True)
    publish_page([faq()])
    html = client.get("/questions").text
    assert "<script>alert(1)" not in html
    assert markup_names(html)[-1] == "Is </script><script>alert(1)</script> safe?"
