"""The FAQ block on a page: language visibility, the ordering rule, the limit, chosen categories
that are gone, the filter's buttons, ids unique on a page, a block with nothing to show, and the
values a save refuses (issue 14, item 7)."""

from __future__ import annotations

from collections import Counter

import pytest
from django.core.exceptions import ValidationError

from frontdesk.blocks.content import clean_content
from frontdesk.categories.models import Category
from frontdesk.categories.operations import bin_category
from frontdesk.faq.models import Question
from frontdesk.faq.operations import bin_question, reorder_questions, update_question
from frontdesk.faq.queries import shown_in
from tests.faq.conftest import make_category, make_question
from tests.faq.pages import (
    all_titles,
    blocks,
    buttons,
    faq,
    ids,
    install_faq_type,
    markup_names,
    publish_page,
    questions,
)

pytestmark = pytest.mark.django_db

BOTH = {"en": "<p>Yes.</p>", "de": "<p>Ja.</p>"}


@pytest.fixture
def catalog(db):
    """Shipping, Payment and a hidden Internal category; "Track" sits in Shipping and Payment, first
    in Shipping's own order and last in the whole list."""
    install_faq_type()
    shipping = make_category({"en": "Shipping", "de": "Versand"})
    payment = make_category({"en": "Payment", "de": "Zahlung"})
    internal = make_category({"en": "Internal", "de": "Intern"}, is_shown=False)
    delivery = make_question(
        {"en": "Delivery", "de": "Lieferung"}, BOTH, categories=[shipping.pk], published=True
    )
    card = make_question({"en": "Card", "de": "Karte"}, BOTH, categories=[payment.pk], published=True)
    returns = make_question(
        {"en": "Returns", "de": "Rückgabe"}, BOTH, categories=[internal.pk], published=True
    )
    track = make_question(
        {"en": "Track", "de": "Verfolgen"},
        BOTH,
        categories=[shipping.pk, payment.pk],
        published=True,
    )
    reorder_questions(actor=None, category=shipping.pk, ids=[track.pk, delivery.pk])
    return {
        "shipping": shipping,
        "payment": payment,
        "internal": internal,
        "delivery": delivery,
        "card": card,
        "returns": returns,
        "track": track,
    }


def page_html(client, blocks_list, path="/questions") -> str:
    publish_page(blocks_list)
    response = client.get(path)
    assert response.status_code == 200
    return response.text


def test_one_category_shows_its_own_order_and_several_or_all_the_whole_list_once_each(client, catalog):
    shipping, payment = catalog["shipping"].pk, catalog["payment"].pk
    html = page_html(
        client,
        [faq(categories=[shipping]), faq(categories=[shipping, payment]), faq()],
    )
    assert all_titles(html) == [
        ["Track", "Delivery"],
        ["Delivery", "Card", "Track"],
        ["Delivery", "Card", "Returns", "Track"],
    ]


def test_a_pages_only_block_picking_two_categories_that_share_a_question_shows_it_once(client, catalog):
    # Alone on its page: no block of every question beside it, whose list would hide a repeat.
    shipping, payment = catalog["shipping"].pk, catalog["payment"].pk
    html = page_html(client, [faq(categories=[shipping, payment])])
    assert all_titles(html) == [["Delivery", "Card", "Track"]]


def test_a_hidden_category_still_orders_its_questions_in_a_block_that_picks_it(client, catalog):
    html = page_html(client, [faq(categories=[catalog["internal"].pk])])
    assert all_titles(html) == [["Returns"]]


def test_a_question_complete_in_english_only_is_on_the_english_page_and_not_the_german_one(client, catalog):
    make_question("Only English", "<p>Sorry.</p>", published=True)
    make_question({"en": "Empty German answer", "de": "Leere Antwort"}, {"en": "<p>Hi</p>", "de": "<p> </p>"},
                  published=True)  # fmt: skip
    make_question({"en": "Unpublished", "de": "Unveröffentlicht"}, BOTH)
    binned = make_question({"en": "Binned", "de": "Weg"}, BOTH, published=True)
    bin_question(binned, actor=None)
    publish_page([faq()])
    english = all_titles(client.get("/questions").text)
    german = all_titles(client.get("/de/questions-de").text)
    assert english == [["Delivery", "Card", "Returns", "Track", "Only English", "Empty German answer"]]
    assert german == [["Lieferung", "Karte", "Rückgabe", "Verfolgen"]]
    # The FAQPage of each page lists what its HTML shows, and `visible_in` (the panel's chips,
    # the agents' rows) says the same as the pages.
    assert markup_names(client.get("/questions").text) == english[0]
    assert markup_names(client.get("/de/questions-de").text) == german[0]
    for code, shown in (("en", english[0]), ("de", german[0])):
        said = [q.question[code] for q in Question.all_objects.order_by("position") if code in shown_in(q)]
        assert said == shown


def test_the_limit_counts_only_the_questions_shown_in_the_pages_language(client, catalog):
    reorder_questions(actor=None, ids=[catalog[name].pk for name in ("delivery", "card", "returns", "track")])
    update_question(catalog["delivery"], actor=None, values={"answer": {"de": ""}})
    publish_page([faq(limit=2)])
    assert all_titles(client.get("/questions").text) == [["Delivery", "Card"]]
    assert all_titles(client.get("/de/questions-de").text) == [["Karte", "Rückgabe"]]


def test_a_chosen_category_in_the_bin_or_gone_is_skipped_and_a_block_with_all_gone_prints_nothing(
    client, catalog
):
    empty = make_category("Empty")
    bin_category(empty, actor=None)  # to the bin (it holds no question)
    gone = make_category("Gone")
    gone_pk = gone.pk
    html = page_html(
        client,
        [
            faq(categories=[gone_pk, catalog["shipping"].pk, empty.pk]),
            faq(categories=[empty.pk, gone_pk]),
        ],
    )
    Category.all_objects.filter(pk=gone_pk).delete()
    html = client.get("/questions").text
    # One live category left: its own order; the other block shows nothing at all.
    assert all_titles(html) == [["Track", "Delivery"]]
    assert html.count("data-faq-block") == 1


def test_a_block_with_nothing_to_show_prints_nothing(client, db):
    install_faq_type()
    make_question("Draft", "<p>Not yet.</p>")
    html = page_html(client, [faq(filter=True)])
    assert "faq-block" not in html and "faq/faq.js" not in html


def test_no_id_twice_on_a_page_with_two_blocks_sharing_questions(client, catalog):
    html = page_html(client, [faq(categories=[catalog["shipping"].pk]), faq()])
    found = ids(html)
    assert [name for name, count in Counter(found).items() if count > 1] == []
    first, second = blocks(html)
    assert [q.attrs.get("id") for q in questions(first)] == ["track", "delivery"]
    # The second block prints the shared questions without an id, its own with one.
    assert [q.attrs.get("id") for q in questions(second)] == [None, "card", "returns", None]
    assert [q.attrs["data-faq-anchor"] for q in questions(second)] == ["delivery", "card", "returns", "track"]
    assert first.attrs["id"] != second.attrs["id"] and first.attrs["id"].startswith("faq-")
    assert html.count('<script type="module" src="/static/faq/faq.js"></script>') == 1
    assert html.count('<link rel="stylesheet" href="/static/faq/faq.css">') == 1


def test_the_filter_offers_the_blocks_shown_categories_never_a_hidden_one(client, catalog):
    shipping, payment, internal = (catalog[name].pk for name in ("shipping", "payment", "internal"))
    html = page_html(client, [faq(filter=True), faq(categories=[internal, payment], filter=True), faq()])
    every, chosen, without = blocks(html)
    assert buttons(every) == [("", "All"), (str(shipping), "Shipping"), (str(payment), "Payment")]
    assert buttons(chosen) == [("", "All"), (str(payment), "Payment")]
    assert buttons(without) == []
    group = next(element for element in every.children if "data-faq-filter" in element.attrs)
    assert group.attrs["role"] == "group" and "hidden" in group.attrs
    pressed = [b.attrs["aria-pressed"] for b in group.children if b.tag == "button"]
    assert pressed == ["true", "false", "false"]
    track = next(q for q in questions(every) if q.attrs["data-faq-anchor"] == "track")
    assert track.attrs["data-faq-categories"] == f"{shipping} {payment}"


def test_a_block_of_hidden_categories_only_prints_no_filter(client, catalog):
    html = page_html(client, [faq(categories=[catalog["internal"].pk], filter=True)])
    assert "data-faq-filter" not in html and all_titles(html) == [["Returns"]]


def test_the_filter_speaks_the_pages_language(client, catalog):
    publish_page([faq(filter=True)])
    (block,) = blocks(client.get("/de/questions-de").text)
    assert [label for _value, label in buttons(block)] == ["Alle", "Versand", "Zahlung"]


@pytest.mark.parametrize(
    ("values", "key"),
    [
        ({"limit": 0}, "limit"),
        ({"limit": -3}, "limit"),
        ({"limit": "5"}, "limit"),
        ({"limit": 1001}, "limit"),
        ({"categories": "all"}, "categories"),
        ({"categories": [True]}, "categories.0"),
        ({"filter": "yes"}, "filter"),
        ({"markup": "auto"}, "markup"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_values_are_refused_under_their_name(db, values, key):
    install_faq_type()
    with pytest.raises(ValidationError) as refused:
        clean_content([faq(**values)], stored=None, language="en")
    assert f"content.0.{key}" in refused.value.message_dict


def test_a_category_that_does_not_exist_is_refused_when_saved(catalog):
    with pytest.raises(ValidationError) as refused:
        clean_content([faq(categories=[catalog["shipping"].pk, 987654])], stored=None, language="en")
    assert refused.value.message_dict == {"content.0.categories": ["There is no category 987654."]}


def test_stored_values_are_the_defaults_filled_in_and_categories_once_each(catalog):
    shipping = catalog["shipping"].pk
    (block,) = clean_content([faq(categories=[shipping, shipping], limit=3)], stored=None, language="en")
    assert block["values"] == {"categories": [shipping], "limit": 3, "filter": False, "markup": None}
    (bare,) = clean_content([faq()], stored=None, language="en")
    assert bare["values"] == {"categories": [], "limit": None, "filter": False, "markup": None}
