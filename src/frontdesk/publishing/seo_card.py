"""The SEO card of a page, a service, a category or an event: one JSON value per row
(`SeoCardField`), its input (`SeoCardIn`), the rule of a save (`clean_seo_card`), and how it
reaches the page's head (`contribute_seo_card`), with the SEO settings as fallback.

The stored value:

    {"title": {"en": "..."}, "description": {"en": "..."}, "image": "harbour-7" | null, "noindex": false}

`image` is a key of the picture library (pictures), refused when it names no picture, printed
as og:image and twitter:image with its size; `register_seo_card_pictures` makes a model's cards a
place pictures are used. docs/host.md, "The SEO card".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Annotated, Any

from django.core.exceptions import ValidationError
from django.db import models
from django.http import HttpRequest
from django.utils.functional import Promise
from django.utils.translation import get_language_info, gettext_lazy
from django.utils.translation import gettext as _
from pydantic import Field
from pydantic import ValidationError as InputError

from frontdesk.core.fields import merge_translations, validate_translations
from frontdesk.core.inputs import NOT_GIVEN, Input, PlainTexts, not_given
from frontdesk.core.languages import site_language_codes, translate
from frontdesk.pictures.controls import picture_control
from frontdesk.pictures.queries import picture_exists, resolve_pictures
from frontdesk.pictures.uses import PictureUse, register_picture_use, uses_in
from frontdesk.publishing.head import head_of

TITLE_MAX_LENGTH = 100
DESCRIPTION_MAX_LENGTH = 300
# A picture's key (interfaces of pictures): URL-safe, at most 32 characters.
PICTURE_KEY = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
KEYS = ("title", "description", "image", "noindex")


def _resolve(keys: list[str], *, language: str | None = None) -> dict[str, Any]:
    return resolve_pictures(keys, language=language)


def _exists(key: str) -> bool:
    # The row, not resolve: a picture whose renditions are still being made is one.

    return picture_exists(key)


def empty_card() -> dict[str, Any]:
    return {"title": {}, "description": {}, "image": None, "noindex": False}


def read_card(value: object) -> dict[str, Any]:
    """A stored card as a whole card (every key, a fresh copy): what the doors answer and the
    head reads. A row saved before it had a card (null, {}) reads as the empty card; a value no
    card can hold (an image that is no key) reads as not there."""
    card = empty_card()
    if isinstance(value, Mapping):
        for name in ("title", "description"):
            texts = value.get(name)
            card[name] = (
                {code: text for code, text in texts.items() if text} if isinstance(texts, Mapping) else {}
            )
        image = value.get("image")
        card["image"] = image if isinstance(image, str) and PICTURE_KEY.fullmatch(image) else None
        card["noindex"] = value.get("noindex") is True
    return card


def card_problems(value: object) -> dict[str, list[str]]:
    """What is wrong with a card as stored, by key (empty: nothing)."""
    if not isinstance(value, Mapping):
        return {"__all__": [_("Give the SEO card as an object.")]}
    problems: dict[str, list[str]] = {}
    unknown = sorted(set(value) - set(KEYS))
    if unknown:
        problems["__all__"] = [_("Unknown setting: %(keys)s.") % {"keys": ", ".join(unknown)}]
    for name, longest in (("title", TITLE_MAX_LENGTH), ("description", DESCRIPTION_MAX_LENGTH)):
        texts = value.get(name, {})
        try:
            validate_translations(texts)
        except ValidationError as error:
            problems[name] = error.messages
            continue
        if any(len(text) > longest for text in texts.values()):
            problems[name] = [_("At most %(limit)d characters.") % {"limit": longest}]
    image = value.get("image")
    if image is not None and not (isinstance(image, str) and PICTURE_KEY.fullmatch(image)):
        problems["image"] = [_("Name a picture of the library by its key.")]
    if not isinstance(value.get("noindex", False), bool):
        problems["noindex"] = [_("Give true or false.")]
    return problems


def validate_card(value: object) -> None:
    problems = card_problems(value)
    if problems:
        raise ValidationError(
            [message for messages in problems.values() for message in messages], code="invalid"
        )


class SeoCardField(models.JSONField):
    """A row's SEO card. The model judges the stored shape (`full_clean`); a save goes through
    `clean_seo_card`, which keeps what the caller did not name."""

    description = gettext_lazy("SEO card")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("default", empty_card)
        kwargs.setdefault("blank", True)
        kwargs.setdefault("verbose_name", gettext_lazy("SEO"))
        super().__init__(*args, **kwargs)

    def deconstruct(self) -> Any:
        name, path, args, kwargs = super().deconstruct()
        if kwargs.get("default") is empty_card:
            del kwargs["default"]
        if kwargs.get("blank") is True:
            del kwargs["blank"]
        return name, path, args, kwargs

    def validate(self, value: Any, model_instance: Any) -> None:
        super().validate(value, model_instance)
        validate_card(value)


TEXTS_HELP = (
    'Text per language code, the site\'s languages only, e.g. {"en": "Harbour tours", "de": "Hafenrundfahrten"}. '
    'A save changes the languages it names and keeps the others; "" or null removes a language; '
    "a plain string sets the site's default language; null for the whole value removes every language."
)
Texts = Annotated[PlainTexts | None, Field(examples=[{"en": "Harbour tours"}])]


class SeoCardIn(Input):
    """A change to an SEO card: what it names changes, the rest is kept."""

    title: Texts = Field(
        default_factory=not_given,
        description=f"The title search engines and shared links show, at most {TITLE_MAX_LENGTH} characters "
        "per language; the page's own title when empty. " + TEXTS_HELP,
    )
    description: Texts = Field(
        default_factory=not_given,
        description=f"The description, at most {DESCRIPTION_MAX_LENGTH} characters per language; the site's "
        "default description when empty. " + TEXTS_HELP,
    )
    image: str | None = Field(
        default_factory=not_given,
        max_length=32,
        pattern=r"^[A-Za-z0-9_-]*$",
        description='The social image: a picture of the library by its key (pictures_list); null or "" removes it.',
        examples=["harbour-7"],
    )
    noindex: bool = Field(
        default_factory=not_given, description="true asks search engines not to index the page."
    )


def _input(given: SeoCardIn | Mapping[str, Any], field: str) -> SeoCardIn:
    if isinstance(given, SeoCardIn):
        return given
    try:
        return SeoCardIn.model_validate(dict(given))
    except InputError as error:
        problems: dict[str, list[str]] = {}
        for item in error.errors():
            where = ".".join(str(part) for part in item["loc"][:1])
            key = f"{field}.{where}" if where else field
            problems.setdefault(key, []).append(item["msg"])
        raise ValidationError(problems) from None


def clean_seo_card(
    given: SeoCardIn | Mapping[str, Any] | None, *, stored: object, field: str = "seo"
) -> dict[str, Any]:
    """The card a save of `given` leaves of `stored`: titles and descriptions merge by language
    (core/fields.merge_translations), `image` and `noindex` replace when given, whatever is left
    out is kept. Raises ValidationError keyed `<field>.title`, `<field>.description`,
    `<field>.image`, `<field>.noindex`. `given` None (or NOT_GIVEN) keeps the card as stored."""
    card = read_card(stored)
    if given is None or given is NOT_GIVEN:
        return card
    sent = _input(given, field)
    problems: dict[str, list[str]] = {}
    for name in ("title", "description"):
        value = getattr(sent, name)
        if value is NOT_GIVEN:
            continue
        try:
            card[name] = merge_translations(card[name], value)
        except ValidationError as error:
            problems[f"{field}.{name}"] = error.messages
    if sent.image is not NOT_GIVEN:
        card["image"] = (sent.image or "").strip() or None
        if card["image"] and PICTURE_KEY.fullmatch(card["image"]) and not _exists(card["image"]):
            problems[f"{field}.image"] = [
                _("There is no picture %(key)s in the library.") % {"key": card["image"]}
            ]
    if sent.noindex is not NOT_GIVEN:
        card["noindex"] = sent.noindex
    for name, messages in card_problems(card).items():
        problems.setdefault(f"{field}.{name}", messages)
    if problems:
        raise ValidationError(problems)
    return card


def contribute_seo_card(
    request: HttpRequest,
    card: object,
    *,
    title: str | Mapping[str, str] | None,
    description: str | Mapping[str, str] | None = None,
    language: str | None = None,
) -> None:
    """Put the card into the page's head: its title, else `title` (the object's own); its
    description, else `description` (the object's lead), else the layout's fallback (the SEO
    group's default description); noindex when it asks. Either may be a text or a translated
    value, read in `language` (default: the page's)."""
    card = read_card(card)
    head = head_of(request)
    own_title = translate(card["title"], language) or translate(title, language)
    if own_title:
        head.set_title(own_title)
    own_description = translate(card["description"], language) or translate(description, language)
    if own_description:
        head.set_description(own_description)
    if card["noindex"]:
        head.set_noindex()
    if card["image"]:
        # One query; a picture no longer in the library leaves the layout's fallback (the SEO
        # group's default social image) in place.
        view = _resolve([card["image"]], language=language).get(card["image"])
        if view is not None:
            head.set_social_image(view.url, view.width, view.height, alt=view.alt)


def card_controls(card: object, *, field: str = "seo") -> dict[str, Any]:
    """What panel/_seo_card.html needs: the card's values per site language, and the names its
    controls carry (`<field>.title.<code>`, ...), so a screen's form sends the card as its input."""
    value = read_card(card)
    languages = [
        {
            "code": code,
            "name": get_language_info(code)["name_local"],
            "title": value["title"].get(code, ""),
            "description": value["description"].get(code, ""),
        }
        for code in site_language_codes()
    ]
    return {
        "field": field,
        "languages": languages,
        "image": value["image"] or "",
        "image_control": picture_control(
            value["image"],
            id=f"{field}-image",
            name=f"{field}.image",
            label=_("Social image"),
            hint=_(
                "The picture shown where the page is shared. Without one, the site's default social image is used."
            ),
        ),
        "noindex": value["noindex"],
        "title_max_length": TITLE_MAX_LENGTH,
        "description_max_length": DESCRIPTION_MAX_LENGTH,
    }


def seo_card_pictures(
    model: str | type[models.Model],
    *,
    url: Callable[[Any], str | None] | None = None,
    label: Callable[[Any], str] = str,
    field: str = "seo",
    permission: Callable[[Any], str] | None = None,
) -> Callable[[str], list[Any]]:
    """The `find` of a PictureUse for the SEO cards of `model` (a class or "app.Model"): every row
    whose card's social image is the key, binned ones too (a restore must find its picture),
    in one query. `url(row)` is its panel address, `label(row)` its name for people,
    `permission(row)` who may open it when that depends on the row."""
    from django.apps import apps

    def find(key: str) -> list[Any]:
        rows_model = apps.get_model(model) if isinstance(model, str) else model
        rows = rows_model._base_manager.filter(**{f"{field}__image": key}).order_by("pk")
        return uses_in(rows, label, url, permission)

    return find


def register_seo_card_pictures(
    name: str,
    model: str | type[models.Model],
    *,
    label: str | Promise,
    url: Callable[[Any], str | None] | None = None,
    field: str = "seo",
    permission: str | Callable[[Any], str] | None = None,
) -> None:
    """Register the SEO cards of `model` as a place pictures are used, in the owning app's
    ready(): `register_seo_card_pictures("services.seo", "services.Service", label=_("Service SEO
    cards"), url=edit_url, permission="services.view")`. A picture a card shows is then named
    where it is used (to a caller with `permission`, or `permission(row)`) and refuses deletion
    (pictures/uses.py)."""
    register_picture_use(
        PictureUse(
            name=name,
            label=label,
            find=seo_card_pictures(
                model, url=url, field=field, permission=permission if callable(permission) else None
            ),
            permission=None if callable(permission) else permission,
        )
    )
