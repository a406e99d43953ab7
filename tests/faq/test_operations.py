"""The FAQ's rules (faq/operations.py), a test per row of the spec's "States and transitions" and
"Errors" tables, plus the anchor and the two orders."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import override_settings

from frontdesk.categories.operations import bin_category, restore_category
from frontdesk.core import log
from frontdesk.core.errors import InUse
from frontdesk.faq.models import Placement, Question
from frontdesk.faq.operations import (
    bin_question,
    create_question,
    reorder_questions,
    restore_question,
    update_question,
)
from frontdesk.faq.queries import in_category, in_order, question_list, shown_in
from tests.faq.conftest import ANSWER, make_category, make_question

pytestmark = pytest.mark.django_db


def refusal(action) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as caught:
        action()
    return caught.value.message_dict


def snapshot() -> tuple:
    return (
        sorted(Question.all_objects.values_list("pk", "anchor", "published", "position", "deleted_at")),
        sorted(Placement.objects.values_list("question_id", "category_id", "position")),
    )


# --- States and transitions ------------------------------------------------------------------


def test_a_first_save_creates_an_unpublished_question_at_the_end_with_its_anchor():
    first = make_question("What do you ship?")
    second = make_question("How long does shipping take?")
    assert not second.published
    assert second.anchor == "how-long-does-shipping-take"
    assert list(in_order()) == [first, second]
    assert [entry.action for entry in log.log_of(second)] == ["question.created"]


def test_a_question_may_be_published_at_creation():
    assert make_question(published=True).published


def test_publishing_needs_question_and_answer_in_some_language():
    question = make_question(answer=None)
    problems = refusal(lambda: update_question(question, actor=None, values={"published": True}))
    assert list(problems) == ["published"]
    # Question in German, answer in English only: still no language with both.
    question = make_question({"en": "Returns?", "de": "Rückgabe?"}, answer=None)
    update_question(question, actor=None, values={"answer": {"de": ""}})
    refusal(
        lambda: update_question(
            question, actor=None, values={"published": True, "answer": {"ru": "<p>Да</p>"}}
        )
    )
    update_question(question, actor=None, values={"published": True, "answer": {"de": "<p>Ja</p>"}})
    question.refresh_from_db()
    assert question.published and shown_in(question) == ["de"]


def test_a_saved_value_is_live_at_once_and_unpublishing_takes_the_question_off():
    question = make_question(published=True)
    assert shown_in(question) == ["en"]
    update_question(question, actor=None, values={"question": {"en": "Shipping times?"}})
    question.refresh_from_db()
    assert question.question["en"] == "Shipping times?"
    update_question(question, actor=None, values={"published": False})
    question.refresh_from_db()
    assert shown_in(question) == []


def test_delete_puts_the_question_in_the_bin_and_restore_brings_it_back_with_its_anchor():
    question = make_question(published=True)
    anchor = question.anchor
    bin_question(question, actor=None)
    assert list(in_order()) == [] and list(in_order(trashed=True)) == [question]
    assert shown_in(Question.all_objects.get(pk=question.pk)) == []
    restore_question(Question.all_objects.get(pk=question.pk), actor=None)
    restored = Question.objects.get(pk=question.pk)
    assert restored.anchor == anchor
    # A restored question keeps its published value (docs/faq.md, "A restored question").
    assert restored.published


# --- Errors ---------------------------------------------------------------------------------


def test_an_invalid_value_is_refused_under_its_name_and_nothing_is_written():
    before = snapshot()
    assert list(refusal(lambda: make_question({"xx": "Hm?"}))) == ["question"]
    assert list(refusal(lambda: make_question(published="yes"))) == ["published"]
    assert list(refusal(lambda: make_question(answer={"en": 5}))) == ["answer"]
    assert list(refusal(lambda: make_question({"en": "x" * 301}))) == ["question"]
    assert list(refusal(lambda: make_question({}))) == ["question"]
    assert snapshot() == before


def test_binning_a_category_that_holds_questions_is_refused_with_the_count():
    category = make_category("Shipping")
    make_question("One?", categories=[category.pk])
    make_question("Two?", categories=[category.pk])
    with pytest.raises(InUse) as caught:
        bin_category(category, actor=None)
    assert caught.value.count == 2
    assert "2 questions" in str(caught.value)


def test_questions_in_the_bin_do_not_hold_a_category():
    category = make_category("Shipping")
    bin_question(make_question("One?", categories=[category.pk]), actor=None)
    bin_category(category, actor=None)  # no refusal: docs/faq.md, "Categories"


def test_a_categorys_members_come_back_with_it_after_a_save_made_while_it_sat_in_the_bin():
    returns, shipping = make_category("Returns"), make_category("Shipping")
    first = make_question("First?", categories=[returns.pk, shipping.pk])
    second = make_question("Second?", categories=[returns.pk])
    for question in (first, second):
        bin_question(question, actor=None)
    bin_category(returns, actor=None)  # holds only binned questions: allowed
    for question in (first, second):
        restore_question(question, actor=None)
    # The panel sends the categories it can show: Returns is in the bin, so not among them.
    update_question(first, actor=None, values={"categories": [shipping.pk], "question": {"en": "1st?"}})
    update_question(second, actor=None, values={"categories": []})
    restore_category(returns, actor=None)
    assert list(in_category(returns.pk)) == [first, second]
    assert list(in_category(shipping.pk)) == [first]


def test_a_category_that_does_not_exist_is_refused_not_dropped():
    before = snapshot()
    problems = refusal(lambda: make_question(categories=[987654]))
    assert list(problems) == ["categories"]
    assert snapshot() == before


def test_a_create_that_fails_in_any_part_writes_nothing(settings):
    category = make_category("Shipping")
    before = snapshot()
    problems = refusal(lambda: make_question(categories=[category.pk, 987654], extra={"nope": 1}))
    assert snapshot() == before
    assert problems  # the unknown category and the unknown project field, at once


@pytest.mark.django_db(transaction=True)
def test_a_create_whose_log_write_fails_after_its_insert_writes_nothing(monkeypatch):
    # Outside any test transaction, so only the operation's own atomic block can undo the INSERT.
    category = make_category("Shipping")

    def broken_write(*args, **kwargs):
        raise RuntimeError("the log is out of order")

    monkeypatch.setattr(log, "write", broken_write)
    with pytest.raises(RuntimeError):
        make_question("Saved?", categories=[category.pk])
    assert not Question.all_objects.exists()
    assert not Placement.objects.exists()


# --- The anchor -----------------------------------------------------------------------------


def test_an_anchor_never_changes_and_no_door_can_write_it():
    question = make_question({"en": "Do you ship abroad?", "de": "Versenden Sie ins Ausland?"})
    anchor = question.anchor
    update_question(
        question, actor=None, values={"question": {"en": "Abroad?", "de": "Ausland?", "ru": "За границу?"}}
    )
    update_question(question, actor=None, values={"anchor": anchor})  # sent back: passes
    problems = refusal(lambda: update_question(question, actor=None, values={"anchor": "other"}))
    assert list(problems) == ["anchor"]
    with override_settings(LANGUAGE_CODE="de"):
        update_question(question, actor=None, values={"question": {"de": "Ins Ausland?"}})
    question.refresh_from_db()
    assert question.anchor == anchor == "do-you-ship-abroad"


def test_the_same_words_give_distinct_anchors_including_against_the_bin():
    first = make_question("Can I pay by card?")
    bin_question(first, actor=None)
    second = make_question("Can I pay by card?")
    third = make_question("Can I pay by card?")
    assert [first.anchor, second.anchor, third.anchor] == [
        "can-i-pay-by-card",
        "can-i-pay-by-card-2",
        "can-i-pay-by-card-3",
    ]


def test_an_anchor_from_another_script_or_without_a_default_language_question():
    assert make_question({"ru": "Как оплатить заказ?"}, answer={"ru": ANSWER}).anchor == "kak-oplatit-zakaz"
    assert make_question({"de": "Größe ändern?"}, answer=None).anchor == "grosse-andern"
    assert make_question({"en": "???"}, answer=None).anchor == "question"
    long = make_question("word " * 40, answer=None).anchor
    assert len(long) <= 60 and not long.endswith("-")


def test_an_anchor_holds_letters_digits_and_hyphens_only_and_symbols_alone_give_the_fallback():
    assert make_question("🙂🙂", answer=None).anchor == "question"
    assert make_question("€ → ©?", answer=None).anchor == "question-2"
    assert make_question("Ship 🚚 fast, don't you?", answer=None).anchor == "ship-fast-dont-you"
    assert make_question("Pay in €, £ or ¥?", answer=None).anchor == "pay-in-or"
    assert make_question("snake_case ①", answer=None).anchor == "snake-case-1"


def test_an_anchor_made_before_the_symbol_rule_is_kept_as_it_is():
    question = make_question("🙂🙂", answer=None)
    Question.objects.filter(pk=question.pk).update(anchor="slight_smileslight_smile")  # as made then
    update_question(question, actor=None, values={"question": {"en": "🙂🙂🙂"}})
    question.refresh_from_db()
    assert question.anchor == "slight_smileslight_smile"


# --- Orders ---------------------------------------------------------------------------------


def test_joining_a_category_puts_the_question_at_its_end_and_leaving_drops_its_place():
    shipping, payment = make_category("Shipping"), make_category("Payment")
    one = make_question("One?", categories=[shipping.pk])
    two = make_question("Two?", categories=[shipping.pk, payment.pk])
    three = make_question("Three?", categories=[payment.pk])
    update_question(one, actor=None, values={"categories": [shipping.pk, payment.pk]})
    assert list(in_category(payment.pk)) == [two, three, one]
    update_question(two, actor=None, values={"categories": [payment.pk]})
    assert list(in_category(shipping.pk)) == [one]
    assert not Placement.objects.filter(question=two, category=shipping).exists()


def test_reorder_the_whole_list_or_one_category_only():
    shipping = make_category("Shipping")
    one, two, three = (
        make_question(f"{word}?", categories=[shipping.pk]) for word in ("One", "Two", "Three")
    )
    reorder_questions(actor=None, category=shipping.pk, ids=[three.pk, one.pk, two.pk])
    assert list(in_category(shipping.pk)) == [three, one, two]
    assert list(in_order()) == [one, two, three]  # the whole list kept its order
    reorder_questions(actor=None, ids=[two.pk, three.pk, one.pk])
    assert list(in_order()) == [two, three, one]
    assert list(in_category(shipping.pk)) == [three, one, two]


def test_a_categorys_order_after_one_of_its_questions_went_to_the_bin_names_only_the_others():
    shipping = make_category("Shipping")
    one, binned, three = (
        make_question(f"{word}?", categories=[shipping.pk]) for word in ("One", "Binned", "Three")
    )
    bin_question(binned, actor=None)
    reorder_questions(actor=None, category=shipping.pk, ids=[three.pk, one.pk])
    assert list(in_category(shipping.pk)) == [three, one]
    stored = dict(Placement.objects.filter(category=shipping).values_list("question_id", "position"))
    assert (stored[three.pk], stored[one.pk]) == (1, 2)
    assert binned.pk in stored  # the binned question keeps its place in the category


def test_a_reorder_must_name_the_whole_set_once():
    one, two = make_question("One?"), make_question("Two?")
    assert list(refusal(lambda: reorder_questions(actor=None, ids=[one.pk]))) == ["ids"]
    assert list(refusal(lambda: reorder_questions(actor=None, ids=[one.pk, two.pk, two.pk]))) == ["ids"]
    assert list(refusal(lambda: reorder_questions(actor=None, ids=[one.pk, 99999]))) == ["ids"]
    assert list(refusal(lambda: reorder_questions(actor=None, ids="1,2"))) == ["ids"]
    assert list(refusal(lambda: reorder_questions(actor=None, category=99999, ids=[one.pk, two.pk]))) == [
        "category"
    ]


def test_search_finds_words_in_any_language_and_in_the_answer():
    make_question({"en": "Shipping?", "ru": "Доставка?"}, answer={"en": "<p>By <b>courier</b>.</p>"})
    make_question("Payment?")
    assert [q.question["en"] for q in question_list(search="доставка")] == ["Shipping?"]
    assert [q.question["en"] for q in question_list(search="COURIER")] == ["Shipping?"]
    assert question_list(search="courier b") and not question_list(search="courier nowhere")


# --- Permissions ----------------------------------------------------------------------------


def test_writing_needs_faq_manage(faq_viewer, editor):
    with pytest.raises(PermissionDenied):
        create_question(actor=faq_viewer, values={"question": {"en": "Hm?"}})
    question = create_question(actor=editor, values={"question": {"en": "Hm?"}})
    with pytest.raises(PermissionDenied):
        reorder_questions(actor=faq_viewer, ids=[question.pk])
