"""The FAQ's rules, once for the panel, the API and the tools (docs/faq.md): create, change,
publish and unpublish (a change of `published`), put in the bin, restore, order the whole list
or one category's.

Each takes the subject first, then the actor and the values as keywords; runs in one
transaction, so a refusal of any part writes nothing; refuses a value with a ValidationError
under its name (422 at the doors), an account without `faq.manage` with PermissionDenied; and
writes its line in the host's log (`question.created`, `question.changed`; the bin writes
`question.binned` and `question.restored`). The order is not logged (docs/host.md, "The log").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from frontdesk.categories.models import Category
from frontdesk.categories.queries import item_categories
from frontdesk.core import log
from frontdesk.core.acting import Actor, require_permission
from frontdesk.core.bin.operations import put_in_bin, restore
from frontdesk.core.errors import NotFound
from frontdesk.core.fields import merge_translations
from frontdesk.core.inputs import refuse_unknown_keys
from frontdesk.core.languages import site_language_codes
from frontdesk.core.ordering import OrderWords, order_ids, reorder
from frontdesk.faq.anchors import anchor_text, new_anchor, slug_of
from frontdesk.faq.models import Placement, Question
from frontdesk.faq.panel.screens import CATEGORY_TYPE, FAQ_FORM
from frontdesk.faq.permissions import MANAGE
from frontdesk.faq.queries import is_complete_in
from frontdesk.publishing.project_fields import clean_extra
from frontdesk.richtext.cleaning import clean_translated_rich_text

KEYS = ("question", "answer", "categories", "published", "anchor", "extra")
LOGGED = ("question", "answer", "published", "extra")


def _judged(key: str, work: Any) -> Any:
    try:
        return work()
    except ValidationError as error:
        raise ValidationError({key: error.messages}) from None


def _apply(question: Question, values: Mapping[str, Any]) -> list[Category] | None:
    """Put `values` on `question` and judge them by the model's rules; answers the categories
    named (None when `categories` is not among the values). Every refusal at once, each under
    its own name."""
    refuse_unknown_keys(values, KEYS, location="__all__")
    errors: dict[str, list[str]] = {}

    def judge(key: str, work) -> Any:
        try:
            return _judged(key, work)
        except ValidationError as error:
            for name, messages in error.message_dict.items():
                errors.setdefault(name, []).extend(messages)
            return None

    if "question" in values:
        merged = judge("question", lambda: merge_translations(question.question, values["question"]))
        if merged is not None:
            question.question = merged
    if "answer" in values:
        cleaned = judge(
            "answer", lambda: clean_translated_rich_text(values["answer"], stored=question.answer)
        )
        if cleaned is not None:
            question.answer = cleaned
    if "anchor" in values and values["anchor"] != question.anchor:
        # The anchor is made once, at creation; sending the stored one back (a form that returns
        # every value) changes nothing, any other value is refused.
        errors.setdefault("anchor", []).append(
            _("The anchor never changes once made; it is %(anchor)s.") % {"anchor": question.anchor or "-"}
            if question.anchor
            else _("The anchor is made from the question; it cannot be given.")
        )
    if "published" in values:
        if not isinstance(values["published"], bool):
            errors.setdefault("published", []).append(_("Say true or false."))
        else:
            question.published = values["published"]
    if "extra" in values:
        # Each project field's refusal under its own name, as on every screen (publishing/project_fields).
        try:
            question.extra = clean_extra(FAQ_FORM.id, question.extra, values["extra"])
        except ValidationError as error:
            for name, messages in error.message_dict.items():
                errors.setdefault(name, []).extend(messages)
    categories = None
    if "categories" in values:
        refs = values["categories"]
        if refs is None:
            refs = []
        if not isinstance(refs, list | tuple) or any(
            isinstance(ref, bool) or not isinstance(ref, int | str) for ref in refs
        ):
            errors.setdefault("categories", []).append(_("Give the categories as a list of ids."))
        else:
            # The question's places in binned categories stay: the panel cannot show those.
            now = question.placements.values_list("category_id", flat=True) if question.pk else []
            categories = judge("categories", lambda: item_categories(CATEGORY_TYPE, refs, current=now))
    if not any((question.question or {}).values()):
        errors.setdefault("question", []).append(_("Give the question in at least one language."))
    if question.published and not any(is_complete_in(question, code) for code in site_language_codes()):
        errors.setdefault("published", []).append(
            _("A question is published only with both the question and its answer in some language.")
        )
    if not errors:
        judge("question", lambda: question.full_clean(exclude=_others(), validate_unique=False))
    if errors:
        raise ValidationError(errors)
    return categories


def _others() -> list[str]:
    """The model's fields `full_clean` leaves alone: all but the translated texts."""
    return [field.name for field in Question._meta.fields if field.name not in ("question", "answer")]


def _next_position() -> int:
    return (Question.all_objects.aggregate(most=Max("position"))["most"] or 0) + 1


def _next_in_category(category_ids: list[int]) -> dict[int, int]:
    """{category id: the position after its last question}: one query."""
    last = dict(
        Placement.objects.filter(category_id__in=category_ids)
        .values("category_id")
        .annotate(most=Max("position"))
        .values_list("category_id", "most")
    )
    return {pk: (last.get(pk) or 0) + 1 for pk in category_ids}


def _place(question: Question, categories: list[Category]) -> None:
    """Put `question` in exactly `categories`: a category it joins gets it at the end of its order,
    one it leaves drops its place, one it stays in keeps it."""
    wanted = [category.pk for category in categories]
    Placement.objects.filter(question=question).exclude(category_id__in=wanted).delete()
    kept = set(Placement.objects.filter(question=question).values_list("category_id", flat=True))
    joined = [pk for pk in wanted if pk not in kept]
    if joined:
        # Locked, so two questions joining one category at once do not take the same place.
        list(Category.objects.select_for_update().filter(pk__in=joined).order_by("pk").values_list("pk"))
        ends = _next_in_category(joined)
        Placement.objects.bulk_create(
            Placement(question=question, category_id=pk, position=ends[pk]) for pk in joined
        )


def _taken_anchors(stem: str) -> set[str]:
    return set(Question.all_objects.filter(anchor__startswith=stem).values_list("anchor", flat=True))


def _save_with_anchor(question: Question) -> None:
    """Make the new question's anchor and save it. Two creations of the same words at once may
    both find a suffix free: the unique index refuses the second, which takes the next one."""
    stem = slug_of(anchor_text(question.question))
    for attempt in range(5):
        question.anchor = new_anchor(question.question, _taken_anchors(stem))
        try:
            with transaction.atomic():
                question.save(force_insert=True)
            return
        except IntegrityError:
            if attempt == 4:
                raise
            question.pk = None


@transaction.atomic
def create_question(*, actor: Actor, values: Mapping[str, Any]) -> Question:
    """A new question at the end of the whole list and of each of its categories, unpublished
    unless `published` says otherwise, its anchor made from the question (faq/anchors.py)."""
    require_permission(actor, MANAGE)
    question = Question(position=_next_position())
    given = {key: value for key, value in values.items() if key != "anchor" or value not in (None, "")}
    categories = _apply(question, given)
    _save_with_anchor(question)
    _place(question, categories or [])
    log.write(
        question,
        "question.created",
        actor,
        changes=log.changes_between({}, {**log.values_of(question, LOGGED), "anchor": question.anchor}),
    )
    return question


def _live(question: Question) -> Question:
    current = Question.objects.select_for_update().filter(pk=question.pk).first()
    if current is None:
        raise NotFound(_("There is no question %(ref)s.") % {"ref": question.pk})
    return current


@transaction.atomic
def update_question(question: Question, *, actor: Actor, values: Mapping[str, Any]) -> Question:
    """Change what `values` names, live at once: a translated value changes the languages it
    names; `categories` is the whole new list (joining puts the question at the end of that
    category, leaving drops its place there); `published` publishes or unpublishes."""
    require_permission(actor, MANAGE)
    current = _live(question)
    before = log.values_of(current, LOGGED)
    before_categories = sorted(current.placements.values_list("category_id", flat=True))
    categories = _apply(current, values)
    current.save()
    detail = None
    if categories is not None:
        _place(current, categories)
        after = sorted(category.pk for category in categories)
        if after != before_categories:
            detail = {"categories": [before_categories, after]}
    changes = log.changes_between(before, log.values_of(current, LOGGED))
    if detail:
        changes.update(detail)
    if changes:
        log.write(current, "question.changed", actor, changes=changes)
    return current


def bin_question(question: Question, *, actor: Actor) -> Question:
    """Into the bin: off every page, its anchor kept (no other question can take it)."""
    require_permission(actor, MANAGE)
    return put_in_bin(actor, question)


def restore_question(question: Question, *, actor: Actor) -> Question:
    """Out of the bin, with its anchor, its categories and its published value as they were, at
    its old places in the orders (docs/faq.md, "A restored question")."""
    require_permission(actor, MANAGE)
    return restore(actor, question)


QUESTION_ORDER = OrderWords(
    not_a_list=gettext_lazy("Give the order as a list of question ids."),
    incomplete=gettext_lazy("Name every question of the list exactly once."),
    missing=gettext_lazy("There is no question %(ref)s here."),
)


@transaction.atomic
def reorder_questions(category: int | None = None, *, actor: Actor, ids: object) -> None:
    """Store an order. Without `category`, `ids` names every question outside the bin exactly once
    (the whole list); with one, every question of that category outside the bin, and only that
    category's order changes."""
    require_permission(actor, MANAGE)
    wanted = order_ids(ids, location="ids", words=QUESTION_ORDER)
    if category is None:
        reorder(Question.objects.all(), wanted, words=QUESTION_ORDER)
        return
    owner = Category.objects.select_for_update().filter(pk=category, type=CATEGORY_TYPE).first()
    if owner is None:
        raise ValidationError({"category": [_("There is no category %(ref)s.") % {"ref": category}]})
    placements = Placement.objects.filter(category=owner, question__deleted_at__isnull=True)
    # The list names questions; what is ordered is their placements in this category.
    placement_of = dict(placements.values_list("question_id", "pk"))
    absent = [pk for pk in dict.fromkeys(wanted) if pk not in placement_of]
    if absent:
        ref = ", ".join(str(pk) for pk in absent)
        raise ValidationError({"ids": [str(QUESTION_ORDER.missing) % {"ref": ref}]})
    reorder(placements, [placement_of[pk] for pk in wanted], words=QUESTION_ORDER)
