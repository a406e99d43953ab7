"""The FAQ block (type slug `faq`): its values, its editor form, its rendering through three
overridable templates (faq/block/frame.html, filter.html, question.html) and its markup, one
schema.org FAQPage per page through the head collector (docs/faq.md, "The FAQ block").

Registered by FaqConfig.ready() only when the block system is installed; the questions come from
the collection "faq" (faq/collection.py), so the blocks of a page read them together.
"""

from __future__ import annotations

from typing import Annotated, Any

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _
from pydantic import Field, StrictBool, StrictInt, field_validator

from frontdesk.blocks.codes import BlockCode, BlockValues, EditorField, refuse
from frontdesk.categories.models import Category
from frontdesk.core.limits import MAX_ID
from frontdesk.faq.conf import markup_enabled
from frontdesk.faq.panel.screens import CATEGORY_TYPE
from frontdesk.richtext.rendering import render_rich_texts

SLUG = "faq"
COLLECTION = "faq"
MAX_CATEGORIES = 100
MAX_LIMIT = 1000
# Set on the request once a FAQ block printed the script tag: one tag per page.
SCRIPT_PRINTED = "_faq_script_printed"


class FaqValues(BlockValues):
    categories: Annotated[
        list[Annotated[StrictInt, Field(ge=1, le=MAX_ID)]],
        Field(max_length=MAX_CATEGORIES, description="Category ids; empty: every question."),
    ] = []
    # 0 is refused: a block that may show nothing is an empty block, not a setting (docs/faq.md, "The FAQ block").
    limit: Annotated[
        StrictInt | None, Field(ge=1, le=MAX_LIMIT, description="At most this many questions; null: all.")
    ] = None
    filter: Annotated[StrictBool, Field(description="A filter by category above the list.")] = False
    markup: Annotated[
        StrictBool | None,
        Field(
            description="FAQPage markup: null decides by the categories (all: on), true or false force it."
        ),
    ] = None

    @field_validator("categories")
    @classmethod
    def once_each(cls, value: list[int]) -> list[int]:
        return list(dict.fromkeys(value))


def markup_on(values: FaqValues) -> bool:
    """The flag's effective value, before the config key: null is on for every category (an
    empty list), off for chosen ones."""
    return values.markup if values.markup is not None else not values.categories


def filter_categories(values: FaqValues, items: list[Any]) -> list[Category]:
    """The filter's buttons: the block's shown categories (every one for an empty list) that hold
    at least one of its questions, in the categories' order. A hidden one never is a button."""
    found: dict[int, Category] = {}
    for item in items:
        for category in item.categories:
            found.setdefault(category.pk, category)
    chosen = set(values.categories)
    return sorted(
        (c for c in found.values() if c.is_shown and (not chosen or c.pk in chosen)),
        key=lambda c: (c.position, c.pk),
    )


def answers_of(items: list[Any], *, language: str, pictures: Any) -> None:
    """Print every item's answer (item.answer), the pictures from the page's one read."""
    for item, answer in zip(
        items,
        render_rich_texts([item.answer_html for item in items], language=language, pictures=pictures),
        strict=True,
    ):
        item.answer = answer


class FaqBlock(BlockCode):
    slug = SLUG
    label = _("Questions and answers")
    values = FaqValues
    collection = COLLECTION
    # Overridable one by one in a site's template folder.
    template = "faq/block/frame.html"
    editor = (
        EditorField(
            "categories",
            "choices",
            _("Categories"),
            help=_("None chosen: every question, in the order of the whole list."),
            picker=f"{COLLECTION}/categories",
        ),
        EditorField("limit", "number", _("Limit"), help=_("Empty: every question."), min=1, max=MAX_LIMIT),
        EditorField("filter", "checkbox", _("Filter by category")),
        EditorField(
            "markup",
            "flag",
            _("FAQPage markup"),
            help=_("Automatic: on when every category is shown, off with chosen categories."),
            auto_on_empty="categories",
        ),
    )

    def check(self, values: FaqValues, *, language: str) -> None:
        # One in the bin counts: restored, it shows again (until then the block skips it).
        known = set(
            Category.all_objects.filter(type=CATEGORY_TYPE, pk__in=values.categories).values_list(
                "pk", flat=True
            )
        )
        missing = [str(pk) for pk in values.categories if pk not in known]
        if missing:
            raise refuse("categories", _("There is no category %(ids)s.") % {"ids": ", ".join(missing)})

    def describe(self) -> dict[str, Any]:
        described = super().describe()
        if not markup_enabled():
            # The config key switched the markup off: no control, the stored flag kept as it is.
            for field in described["fields"]:
                if field["name"] == "markup":
                    field.update(kind="hidden", help="", auto_on_empty=None)
        return described

    def render(self, values: FaqValues, context: dict[str, Any]) -> SafeString:
        items = context.get("items") or []
        if not items:
            return mark_safe("")
        language = context["language"]
        answers_of(items, language=language, pictures=context.get("pictures") or {})
        request = context.get("request")
        script = request is None or not getattr(request, SCRIPT_PRINTED, False)
        if request is not None:
            setattr(request, SCRIPT_PRINTED, True)
        html = render_to_string(
            self.template,
            {
                **context,
                "values": values,
                "questions": items,
                "filter_categories": filter_categories(values, items) if values.filter else [],
                "script": script,
            },
            request=request,
        )
        return mark_safe(html)  # noqa: S308  (a template's output)
