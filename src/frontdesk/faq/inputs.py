"""The FAQ's inputs: one model per changing operation, the panel API's body (under `values`) and
the agent tools' parameters alike (docs/architecture.md, "Inputs"). The values are judged by
faq/operations.py, which keys its errors by the same names; these models only stop what is not
even the right shape (and what is absurdly long) before it is read."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, ValidationError, ValidatorFunctionWrapHandler, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError

from frontdesk.core.inputs import Input, PlainTexts, Title
from frontdesk.core.limits import MAX_ID
from frontdesk.faq.models import ANCHOR_MAX
from frontdesk.faq.panel.screens import FAQ_FORM
from frontdesk.publishing.project_fields.schemas import EXTRA_HELP, extra_schema
from frontdesk.richtext.cleaning import RichTexts

Id = Annotated[int, Field(ge=1, le=MAX_ID, examples=[7])]
# A category as a question's list names it: its id, or (for an agent) its name in any site
# language; a name two categories share is refused, naming both.
CategoryRef = Annotated[int | Title, Field(examples=[3, "Shipping"])]
# Far above any site's categories, so only an absurd list is stopped before the operation.
MOST_CATEGORIES = 1000
MOST_IDS = 100_000

TEXTS_HELP = (
    'Text per language code, the site\'s languages only, e.g. {"en": "How long does shipping take?", '
    '"de": "Wie lange dauert der Versand?"}. A save changes the languages it names and keeps the others; '
    '"" or null removes a language; a plain string sets the site\'s default language.'
)


class QuestionValuesIn(Input):
    """A question's values. A create needs `question` (the operation says so under its name, as
    for any other refusal); a change changes only the keys given."""

    question: PlainTexts | None = Field(
        None,
        description="The question, at most 300 characters per language. "
        + TEXTS_HELP
        + " A question needs its text in at least one language.",
        examples=[{"en": "How long does shipping take?", "de": "Wie lange dauert der Versand?"}],
    )
    answer: RichTexts | None = Field(
        None,
        description="The answer, rich text per language: HTML with p, h2-h4, strong, em, a href, ul, "
        'ol, li, br and library pictures <img data-picture="KEY" alt="">; anything else is taken out. '
        'A save changes the languages it names and keeps the others; "", null or a text empty after '
        "cleaning removes a language. A reader sees the question only in the languages where it has "
        "both the question and the answer.",
        examples=[{"en": "<p>Within <strong>three</strong> working days.</p>"}],
    )
    categories: list[CategoryRef] | None = Field(
        None,
        max_length=MOST_CATEGORIES,
        description="The question's FAQ categories, the whole list (it replaces the stored one; [] or "
        "null: none), by id or by name in any language. A category that does not exist, or a name "
        "two categories share, is refused and nothing is saved. Joining a category puts the question "
        "at the end of that category's order; leaving one drops its place there.",
        examples=[[3, 5]],
    )
    published: bool | None = Field(
        None,
        description="true shows the question on the site at once, in every language where it has "
        "both the question and the answer (refused when it has both in none); false takes it off. "
        "A new question is unpublished unless this says true.",
        examples=[True],
    )
    anchor: str | None = Field(
        None,
        max_length=ANCHOR_MAX * 4,
        description="Read only: the question's fragment identifier (links are <page address>#<anchor>), "
        "made once from the question at creation and never changed. Leave it out, or send the stored "
        "one back unchanged; any other value is refused under anchor.",
        examples=["how-long-does-shipping-take"],
    )
    extra: dict[str, Any] | None = Field(
        None, description=EXTRA_HELP, json_schema_extra=extra_schema(FAQ_FORM.id)
    )

    def values(self) -> dict[str, Any]:
        """The values given, as the operations take them: a key left out keeps its value."""
        return self.model_dump(exclude_unset=True)


class QuestionBody(Input):
    """The body of a create or a change of a question (POST and PUT /api/cms/faq/questions)."""

    values: QuestionValuesIn = Field(
        description="The question's values. A create needs `question`; a change changes only the keys given."
    )

    @model_validator(mode="wrap")
    @classmethod
    def under_the_fields_name(cls, data: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        """A value of the wrong shape is refused under the field's own name (`published`), as the
        operations refuse a wrong value, not under `values.published`: the editor shows every
        refusal beside its field the same way."""
        try:
            return handler(data)
        except ValidationError as error:
            details = [
                InitErrorDetails(
                    type=PydanticCustomError(item["type"], item["msg"]),
                    loc=item["loc"][1:2]
                    if item["loc"][:1] == ("values",) and len(item["loc"]) > 1
                    else item["loc"],
                    input=item["input"],
                )
                for item in error.errors()
            ]
            raise ValidationError.from_exception_data(error.title, details) from None


class ReorderIn(Input):
    """A new order: of the whole list, or (with `category`) of one category's questions."""

    ids: list[Id] = Field(
        max_length=MOST_IDS,
        description="Every question of the list outside the bin exactly once, by id, in the new order: "
        "without category the whole list, with it every question of that category.",
        examples=[[12, 7, 9]],
    )
    category: CategoryRef | None = Field(
        None,
        description="The category whose own order this is, by id (or, for an agent, by name); "
        "null or left out: the order of the whole list. Reordering one category leaves the whole "
        "list's order and the other categories' as they are.",
        examples=[3],
    )
