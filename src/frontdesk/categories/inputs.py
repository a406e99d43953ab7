"""The categories' inputs: one model per changing operation, the API's body and the agent tool's
parameters alike (docs/architecture.md, "Inputs"). The models are made per category type, since a
type without addresses has no slug, introduction, cover nor SEO card, and each type has its own
project fields."""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field, create_model

from frontdesk.categories.operations import NAME_MAX_LENGTH
from frontdesk.categories.queries import category_type
from frontdesk.core.inputs import Input, NameTexts, RichTextsIn, TitleTexts
from frontdesk.core.limits import MAX_ID
from frontdesk.publishing.project_fields.schemas import EXTRA_HELP, extra_schema
from frontdesk.publishing.seo_card import SeoCardIn

Id = Annotated[int, Field(ge=1, le=MAX_ID, examples=[7])]
TEXTS_HELP = (
    'Text per language code, the site\'s languages only, e.g. {"en": "Shipping", "de": "Versand"}. '
    'A save changes the languages it names and keeps the others; "" or null removes a language; '
    "a plain string sets the site's default language."
)
# A plain string is the default language's text (core/fields.py, merge_translations). Examples go
# on each field, not here: a create model's required copy of a field keeps only the field's own.


class CategoryOrderIn(Input):
    """A new order of a type's categories: reorder's body and the reorder tool's parameters."""

    ids: list[Id] = Field(
        max_length=10_000,
        description="Every category of the list outside the bin, each once, in the new order.",
        examples=[[3, 1, 2]],
    )


@dataclass(frozen=True)
class CategoryInputs:
    change: type[Input]  # update: only the keys given change
    create: type[Input]  # create: the change with a name required


_made: dict[str, CategoryInputs] = {}
_lock = threading.Lock()


def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in re.split(r"[^A-Za-z0-9]+", name) if part)


def inputs_for(type_name: str) -> CategoryInputs:
    """The input models of the category type `type_name`, made once."""
    with _lock:
        if type_name not in _made:
            _made[type_name] = _make(type_name)
        return _made[type_name]


def _make(type_name: str) -> CategoryInputs:
    kind = category_type(type_name)
    fields: dict[str, Any] = {
        "name": (
            TitleTexts | None,
            Field(
                None, description=f"The category's name, at most {NAME_MAX_LENGTH} characters. " + TEXTS_HELP
            ),
        ),
        "is_shown": (
            bool | None,
            Field(None, description="false hides the category from the site; editors may still pick it."),
        ),
    }
    if kind.has_addresses:
        fields["slug"] = (
            NameTexts | None,
            Field(
                None,
                description="The address segment per language under the type's prefix (lower-case "
                "letters, digits, single hyphens); a new category without one takes it from its name. "
                "A changed slug keeps the old address as a 301. " + TEXTS_HELP,
                examples=[{"en": "workshops", "de": "workshops"}],
            ),
        )
        fields["introduction"] = (
            RichTextsIn | None,
            Field(
                None,
                description="The text above the category's list, rich text per language (HTML: p, h2-h4, "
                'strong, em, a href, ul, ol, li, br and library pictures <img data-picture="KEY" alt="">; '
                "anything else is taken out; a text empty after cleaning removes its language). "
                + TEXTS_HELP,
                examples=[{"en": "<p>Small groups, <strong>hands on</strong>.</p>"}],
            ),
        )
        fields["cover"] = (
            str | None,
            Field(
                None,
                max_length=32,
                pattern=r"^[A-Za-z0-9_-]*$",
                description='The cover: a picture of the library by its key (pictures_list); "" or null removes it.',
                examples=["k3x9q2m7p1ab"],
            ),
        )
        fields["seo"] = (
            SeoCardIn | None,
            Field(None, description="The SEO card of the category's page; what it leaves out is kept."),
        )
    fields["extra"] = (
        dict[str, Any] | None,
        Field(None, description=EXTRA_HELP, json_schema_extra=extra_schema(kind.screen)),
    )
    stem = _camel(type_name)
    change = create_model(
        f"{stem}CategoryChange",
        __base__=Input,
        __doc__="A change of a category: only the keys given change.",
        __module__=__name__,
        **fields,
    )
    create = type(
        f"{stem}CategoryIn",
        (change,),
        {
            "__doc__": "A new category, at the end of the order.",
            "__module__": __name__,
            "required_fields": ("name",),
        },
    )
    return CategoryInputs(change=change, create=create)


def given(payload: Any) -> dict[str, Any]:
    """The values an input model of `inputs_for` holds, only those the caller gave (the classes are
    made at run time, so the doors' annotations name them as `Any` to the type checker)."""
    return payload.model_dump(exclude_unset=True)
