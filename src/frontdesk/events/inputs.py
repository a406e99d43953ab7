"""The events' inputs: one model per changing operation, the panel API's body and the agent tools'
parameters alike (docs/architecture.md, "Inputs"; docs/events.md, "The values"). The operations
judge the values and key their errors by the same names; these models stop what no rule should
read (a wrong JSON type, an unbounded text, a NUL character)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from django.apps import apps
from django.utils import timezone
from pydantic import Field

from frontdesk.core.inputs import Input, NameTexts, PlainTexts, Text, TitleTexts
from frontdesk.core.limits import MAX_INTEGER
from frontdesk.events.models import LEAD_MAX_LENGTH, URL_MAX_LENGTH
from frontdesk.events.panel.screens import EVENT_FORM
from frontdesk.pictures.gallery import MAX_GALLERY
from frontdesk.publishing.project_fields.schemas import EXTRA_HELP, extra_schema
from frontdesk.publishing.relations import MAX_RELATED
from frontdesk.publishing.seo_card import SeoCardIn
from frontdesk.richtext.cleaning import RichTexts

Revision = Annotated[int, Field(ge=1, le=MAX_INTEGER, description="The revision the caller read.")]
TEXTS_HELP = (
    'Text per language code, the site\'s languages only, e.g. {"en": "Pottery evening", "de": "Töpferabend"}. '
    'A save changes the languages it names and keeps the others; "" or null removes a language; '
    "a plain string is the site's default language."
)


def zone_help() -> str:
    """The words naming the application's zone, which an offset-less moment is read in."""
    return (
        "ISO 8601, e.g. 2027-03-12T18:00:00+01:00; without an offset (2027-03-12T18:00) it is a time in"
        f" the application's zone, {timezone.get_default_timezone_name()}. An event of whole days gives its"
        ' first and last day as dates ("2027-05-03", "2027-05-05"). "" or null removes it.'
    )


Moment = Annotated[str | None, Field(max_length=64, examples=["2027-03-12T18:00:00+01:00"])]
Reference = Annotated[int | Annotated[str, Field(max_length=2000)], Field(examples=[7])]
HighlightTexts = (
    dict[str, Annotated[str, Field(max_length=1000)] | None] | Annotated[str, Field(max_length=1000)]
)


class Highlight(Input):
    """One card of What to expect: the same cards in every language."""

    id: str | None = Field(
        None, max_length=40, description="A stored card's id keeps the card; leave it out for a new one."
    )
    heading: HighlightTexts | None = Field(
        None, description="The card's heading per language (required in one). " + TEXTS_HELP
    )
    line: HighlightTexts | None = Field(None, description="The card's line per language. " + TEXTS_HELP)


class _Values(Input):
    """An event's values; a save names only what changes (docs/events.md, "The values")."""

    title: TitleTexts | None = Field(
        None, description="The event's title. " + TEXTS_HELP, examples=[{"en": "Pottery evening"}]
    )
    slug: NameTexts | None = Field(
        None,
        description="The address segment per language after the events' prefix (/events/<slug>): lower-case"
        " letters, digits, '-' and '_'. The default language's is required; a changed one keeps the old"
        " address answering 301 from Publish. " + TEXTS_HELP,
        examples=[{"en": "pottery-evening"}],
    )
    lead: PlainTexts | None = Field(
        None,
        description=f"A short introduction in plain text, at most {LEAD_MAX_LENGTH} characters. "
        + TEXTS_HELP,
    )
    description: RichTexts | None = None
    date_note: PlainTexts | None = Field(
        None,
        description='The date in words ("Every Friday"), printed instead of the dates; the event still sorts'
        " and ends by its dates. " + TEXTS_HELP,
    )
    price: PlainTexts | None = Field(
        None, description='The price in words ("12 €, 8 € reduced"). ' + TEXTS_HELP
    )
    starts_at: Moment = Field(None, description="The start. See ends_at.")
    ends_at: Moment = Field(None, description="The end, not before the start.")
    all_day: bool | None = Field(
        None, description="true: the event runs over whole days, from its start's day to its end's day."
    )
    format: Literal["in-person", "online", "both"] | None = Field(
        None, description="in-person, online or both. An online event shows no venue, address or map link."
    )
    venue: Text | None = Field(None, description="Where it takes place: the venue's name.")
    address: Text | None = Field(None, description="The venue's address.")
    map_url: Annotated[str, Field(max_length=URL_MAX_LENGTH)] | None = Field(
        None, description="An http(s) link to a map of the venue."
    )
    price_amount: float | Annotated[str, Field(max_length=40)] | None = Field(
        None,
        description="The price as a number in the site's currency, for search engines only; 0 is free of charge.",
        examples=[12.5],
    )
    booking_url: Annotated[str, Field(max_length=URL_MAX_LENGTH)] | None = Field(
        None, description="An http(s) link where people book."
    )
    photos: Annotated[list[Annotated[str, Field(max_length=32)]], Field(max_length=MAX_GALLERY)] | None = (
        Field(None, description="Library pictures by key (pictures_list), in order; the first is the cover.")
    )
    highlights: Annotated[list[Highlight], Field(max_length=50)] | None = Field(
        None,
        description="What to expect: every card, in order (a card left out is removed); each card's texts"
        " merge by language.",
    )
    categories: Annotated[list[Reference], Field(max_length=MAX_RELATED)] | None = Field(
        None, description="Event categories by id or slug, every one the event is in.", examples=[[3, "yoga"]]
    )
    seo: SeoCardIn | None = Field(None, description="The SEO card; what it leaves out is kept.")
    extra: dict[str, Any] | None = Field(
        None, description=EXTRA_HELP, json_schema_extra=extra_schema(EVENT_FORM.id)
    )

    def values(self) -> dict[str, Any]:
        """The values given, as the operations take them (the SEO card as its input model, so
        what it left out is kept; highlight cards as plain objects without unset keys)."""
        values = self.model_dump(exclude_unset=True, exclude={"seo", "highlights"})
        if "seo" in self.model_fields_set:
            values["seo"] = self.seo
        if "highlights" in self.model_fields_set:
            values["highlights"] = (
                None
                if self.highlights is None
                else [card.model_dump(exclude_unset=True) for card in self.highlights]
            )
        return values


class _ValuesWithServices(_Values):
    services: Annotated[list[Reference], Field(max_length=MAX_RELATED)] | None = Field(
        None, description="Services by id or address, in the order the page prints them.", examples=[[2]]
    )


# Without the services module there is no services value to give (docs/events.md, "Optional modules").
EventValues: type[_Values] = _ValuesWithServices if apps.is_installed("frontdesk.services") else _Values


class EventIn(EventValues):  # type: ignore[valid-type,misc]
    """A new event: a title (required), an address (made from the title when left out), any other value."""

    required_fields = ("title",)


class EventSave(Input):
    """A save of the draft: the values that change, on the revision they were made on."""

    values: EventValues  # type: ignore[valid-type]
    revision: Revision


class DuplicateIn(Input):
    """A duplicate, with values for the copy (its new dates, say) saved in the same transaction."""

    values: EventValues | None = None  # type: ignore[valid-type]
