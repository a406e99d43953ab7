"""The services' inputs: one model per changing operation, the panel API's body and the agent
tool's parameters alike (docs/architecture.md, "Inputs"). Values are judged by the operations,
which key their errors by the same names."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from frontdesk.core.inputs import Input, NameTexts, PlainTexts, TitleTexts
from frontdesk.core.limits import MAX_ID
from frontdesk.publishing.project_fields.schemas import EXTRA_HELP, extra_schema
from frontdesk.publishing.seo_card import SeoCardIn
from frontdesk.richtext.cleaning import RichTexts
from frontdesk.services.panel.screens import SERVICE_FORM

Id = Annotated[int, Field(ge=1, le=MAX_ID, examples=[7])]
TEXTS_HELP = (
    'Text per language code, the site\'s languages only, e.g. {"en": "Garden design", "de": "Gartenplanung"}. '
    'A save changes the languages it names and keeps the others; "" or null removes a language; '
    "a plain string sets the site's default language."
)
RICH_TEXT_HELP = (
    'HTML per language code, e.g. {"en": "<p>We plan gardens.</p>"}: paragraphs, h2-h4, bold, italic, links, '
    'lists and library pictures <img data-picture="KEY" alt="">; anything else is taken out. A save changes '
    'the languages it names and keeps the others; "", null or a text empty after cleaning removes a language.'
)
Translations = Annotated[PlainTexts, Field(examples=[{"en": "Garden design", "de": "Gartenplanung"}])]


class ServiceChange(Input):
    """A change of a service: only the keys given change."""

    # The example on the field itself: ServiceIn makes the title required (core/inputs.Input),
    # which keeps a field's own settings and not those of its annotation.
    title: TitleTexts | None = Field(
        None,
        description="The service's name. " + TEXTS_HELP,
        examples=[{"en": "Garden design", "de": "Gartenplanung"}],
    )
    slug: NameTexts | None = Field(
        None,
        description="The address segment per language, after the services prefix (/services/<slug>): "
        "lower-case letters, digits, single hyphens. A language without its own slug uses the default "
        "language's. A changed slug keeps the old address, answering 301. " + TEXTS_HELP,
        examples=[{"en": "garden-design", "de": "gartenplanung"}],
    )
    lead: Translations | None = Field(
        None, description="A short introduction in plain text, at most 1000 characters. " + TEXTS_HELP
    )
    cover: str | None = Field(
        None,
        max_length=32,
        pattern=r"^[A-Za-z0-9_-]*$",
        description='The cover: a picture of the library by its key (pictures_list); "" or null removes it. '
        "Shown on the service's page and its card, with every size of the picture.",
        examples=["k3x9q2m7p1ab"],
    )
    description: RichTexts | None = Field(
        None, description="The service's page text, rich text per language. " + RICH_TEXT_HELP
    )
    seo: SeoCardIn | None = Field(None, description="The SEO card; what it leaves out is kept.")
    is_visible: bool | None = Field(None, description="false takes the service's page off the site.")
    extra: dict[str, Any] | None = Field(
        None, description=EXTRA_HELP, json_schema_extra=extra_schema(SERVICE_FORM.id)
    )

    def values(self) -> dict[str, Any]:
        """The values given, as the operations take them: a key left out keeps its value, null
        clears it (a title, which every service needs, is refused)."""
        return self.model_dump(exclude_unset=True)


class ServiceIn(ServiceChange):
    """A new service: the title is required; without a slug, the title makes one."""

    required_fields = ("title",)


class OrderIn(Input):
    order: list[Id] = Field(
        description="Every service outside the bin exactly once, by id, in the new order.",
        examples=[[3, 1, 2]],
    )
