"""The search rule's words (inbox/words.py) and the field that stores them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from frontdesk.inbox.models import Status, Submission
from frontdesk.inbox.words import MAX_WORD, search_text, words


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Anna@Example.COM", ["anna", "example", "com"]),
        ("x_y o'brien e-mail", ["x", "y", "o", "brien", "e", "mail"]),
        ("Straße ＦＵＬＬ ﬁne ①", ["strasse", "full", "fine", "1"]),  # case and width folded
        ("café cafe\u0301", ["café", "café"]),  # a decomposed accent joins its letter
        ("हिन्दी Ёлка 東京都", ["हिन्दी", "ёлка", "東京都"]),  # vowel signs are marks: one word
        ("«quoted» (x) [y] +z -w *v", ["quoted", "x", "y", "z", "w", "v"]),
        ("%_\\\"'*", []),
    ],
)
def test_words_are_runs_of_letters_digits_and_marks_folded(text, expected):
    assert words(text) == expected


def test_only_the_first_64_characters_of_a_word_count():
    assert words("a" * 100 + " b") == ["a" * MAX_WORD, "b"]


@given(st.text())
def test_folded_text_folds_to_itself(text):
    """The field folds on save and again on the way to the database: that must change nothing."""
    once = search_text(text)
    assert search_text(once) == once
    assert once == "".join(" " + word for word in words(text))


@pytest.mark.django_db
def test_the_field_stores_words_however_it_is_written(contact_form):
    status = Status.objects.first()
    saved = Submission.objects.create(form=contact_form, status=status, search_text="Ada@Example.org\nHELLO")
    assert saved.search_text == " ada example org hello"
    Submission.objects.bulk_create([Submission(form=contact_form, status=status, search_text="Bulk_Made!")])
    Submission.objects.filter(pk=saved.pk).update(search_text="Updated—Text")
    stored = dict(Submission.objects.values_list("pk", "search_text"))
    assert sorted(stored.values()) == [" bulk made", " updated text"]
