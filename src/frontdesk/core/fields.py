"""TranslatedField: a JSON object {language code: text} validated against the site's languages,
and `merge_translations`, the one rule for saving such a value (docs/api.md, "Translated values");
TranslatedItemsField: a list of items holding such values (an event's highlight cards), and
`merge_translated_items`, the same rule inside each item (docs/host.md, "Versions")."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from frontdesk.core.languages import default_language, site_language_codes, translate


def validate_translations(value: object) -> None:
    if not isinstance(value, dict):
        raise ValidationError(_("Give a text per language, as an object."), code="invalid")
    unknown = sorted(set(value) - set(site_language_codes()))
    if unknown:
        raise ValidationError(
            _("Unknown language: %(codes)s."), code="unknown_language", params={"codes": ", ".join(unknown)}
        )
    if any(not isinstance(text, str) for text in value.values()):
        raise ValidationError(_("Each translation must be text."), code="invalid")


class AtMost:
    """A validator of a text per language: none longer than `limit` characters (a class, so a
    migration can name it)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit

    def __call__(self, value: object) -> None:
        if isinstance(value, dict) and any(
            isinstance(text, str) and len(text) > self.limit for text in value.values()
        ):
            raise ValidationError(
                _("Keep each language's text to at most %(limit)d characters."),
                code="long",
                params={"limit": self.limit},
            )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AtMost) and other.limit == self.limit

    def __hash__(self) -> int:
        return hash(self.limit)

    def deconstruct(self):
        return ("frontdesk.core.fields.AtMost", (self.limit,), {})


def merge_translations(
    stored: Mapping[str, str] | None,
    sent: object,
    *,
    required: bool = False,
    clean: Callable[[str], str] = str.strip,
) -> dict[str, str]:
    """What a save of `sent` leaves of `stored`: the languages it names change, the others stay.

    `sent` is an object {code: text}: a text is stored trimmed, an empty one or null removes its
    language. A plain string is the text of the site's default language; null for the whole value
    removes every language. Every door's save goes through here, so a partial edit (an API call
    naming one language, an agent sending a plain string) never loses a translation.

    `clean` makes a sent text what is stored ("" removes the language): trimmed by default, the
    rich text's cleaning for rich text (richtext/cleaning.clean_translated_rich_text).

    Raises an unkeyed ValidationError (the caller names the value) for an unknown language or a
    text that is not a string, and, when `required`, when no language would be left.
    """
    kept = {code: text for code, text in (stored or {}).items() if text}
    if sent is None:
        sent = dict.fromkeys(kept)
    elif isinstance(sent, str):
        sent = {default_language(): sent}
    # Null is a removal, not a text: judged like "" so an unknown language is still refused.
    if isinstance(sent, Mapping):
        sent = {code: "" if text is None else text for code, text in sent.items()}
    validate_translations(sent)
    assert isinstance(sent, dict)  # validate_translations refused anything else
    for code, text in sent.items():
        text = clean(text)
        if text:
            kept[code] = text
        else:
            kept.pop(code, None)
    if required and not translate(kept):
        raise ValidationError(_("Give a text in at least one language."), code="required")
    return kept


class TranslatedField(models.JSONField):
    """Stores {"en": "...", "de": "..."}; read it with `translate(value, language)`."""

    description = "Text per language"

    def __init__(self, *args, required: bool = False, **kwargs):
        self.required = required
        kwargs.setdefault("default", dict)
        kwargs.setdefault("blank", not required)
        super().__init__(*args, **kwargs)

    def clean_text(self, text: str) -> str:
        """One language's text as stored ("" removes the language): trimmed. A field of another
        kind of text says how it is cleaned (richtext/fields.RichTextField)."""
        return text.strip()

    def merge(self, stored: Mapping[str, str] | None, sent: object) -> dict[str, str]:
        """What a save of `sent` leaves of `stored`, by language (`merge_translations`), each
        text cleaned as this field stores it."""
        return merge_translations(stored, sent, required=self.required, clean=self.clean_text)

    def deconstruct(self):
        name, path, args, kwargs = super().deconstruct()
        if self.required:
            kwargs["required"] = True
        return name, path, args, kwargs

    def run_validators(self, value):
        """The validators' own messages. Django's would put the field's message of the same code in
        their place, and a JSON field's "invalid" reads "Value must be valid JSON.", which a
        translated text's validator (a slug's "invalid", say) never means."""
        if value in self.empty_values:
            return
        errors: list[ValidationError] = []
        for validator in self.validators:
            try:
                validator(value)
            except ValidationError as error:
                errors.extend(error.error_list)
        if errors:
            raise ValidationError(errors)

    def validate(self, value, model_instance):
        super().validate(value, model_instance)
        validate_translations(value)
        if self.required and not translate(value):
            raise ValidationError(_("Give a text in at least one language."), code="required")


def words_in(names: Sequence[str], words: str) -> models.Q:
    """A list's search: `words` in any language's text of the translated fields `names`. Each
    language's text is read as text (its JSON key), not the JSON as stored: SQLite and MariaDB
    keep "Töpfern" as "T\\u00f6pfern" in the JSON, where a search over the whole value finds
    nothing."""
    found = models.Q()
    for name in names:
        for code in site_language_codes():
            found |= models.Q(**{f"{name}__{code}__icontains": words})
    return found


# --- Translated values inside list items --------------------------------------------------------

ITEM_ID = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
MAX_ITEMS = 100  # items in one list: more cards than a page shows
MAX_ITEM_TEXT_LENGTH = 1_000  # characters of one item's value in one language


def new_item_id(taken: set[str]) -> str:
    """A short id no item of the list has (as a block's id: url-safe letters)."""
    while True:
        candidate = secrets.token_urlsafe(6)
        if candidate not in taken:
            return candidate


def merge_translated_items(
    stored: object,
    sent: object,
    *,
    keys: Sequence[str],
    required: Sequence[str] = (),
    max_items: int = MAX_ITEMS,
    max_length: int = MAX_ITEM_TEXT_LENGTH,
) -> list[dict[str, Any]]:
    """What a save of the list `sent` leaves of the list `stored`, whose items hold a translated
    value ({code: text}) under each of `keys` and a stable `id`:

    - the list sent is the list in every language: its items, in its order; a stored item it does
      not name is removed (from every language), an item without an id is new and gets one;
    - an item naming a stored item's `id` is merged into it value by value and, inside a value,
      language by language (`merge_translations`): {"heading": {"de": "..."}} changes the German
      heading and keeps the others and the line; "" or null removes a language;
    - an id the list does not hold yet is a new item keeping that id (1 to 40 of A-Z a-z 0-9 _ -).

    Raises ValidationError keyed "<index>.<key>" (the index in `sent`) or unkeyed for the list.
    """
    if sent is None:
        return []
    if not isinstance(sent, list):
        raise ValidationError(_("Give a list of items."), code="invalid")
    if len(sent) > max_items:
        raise ValidationError(
            _("Give at most %(limit)d items."), code="max_items", params={"limit": max_items}
        )
    by_id = {
        item["id"]: item
        for item in (stored if isinstance(stored, list) else [])
        if isinstance(item, dict) and isinstance(item.get("id"), str)
    }
    seen: set[str] = set()
    merged: list[dict[str, Any]] = []
    errors: dict[str, list[str]] = {}
    for index, item in enumerate(sent):
        if not isinstance(item, dict):
            errors[str(index)] = [gettext("Give each item as an object.")]
            continue
        unknown = sorted(str(key) for key in set(item) - {"id", *keys})
        if unknown:
            errors[str(index)] = [gettext("Unknown key: %(keys)s.") % {"keys": ", ".join(unknown)}]
            continue
        item_id = item.get("id")
        if item_id is not None and (not isinstance(item_id, str) or not ITEM_ID.match(item_id)):
            errors[f"{index}.id"] = [gettext("An id is 1 to 40 letters, digits, '-' or '_'.")]
            continue
        if item_id in seen:
            errors[f"{index}.id"] = [gettext("The id %(id)s is given twice.") % {"id": item_id}]
            continue
        before = by_id.get(item_id, {}) if item_id else {}
        result: dict[str, Any] = {"id": item_id or ""}
        for key in keys:
            try:
                result[key] = _item_texts(
                    before.get(key), item, key, required=key in required, max_length=max_length
                )
            except ValidationError as error:
                errors[f"{index}.{key}"] = error.messages
        if item_id:
            seen.add(item_id)
        merged.append(result)
    if errors:
        raise ValidationError(errors)
    taken = seen | set(by_id)
    for result in merged:
        if not result["id"]:
            result["id"] = new_item_id(taken)
            taken.add(result["id"])
    return merged


def _item_texts(stored: object, item: dict, key: str, *, required: bool, max_length: int) -> dict[str, str]:
    """One item's texts under `key` after the save: merged by language when the item names the
    key, kept when it leaves it out."""
    kept = stored if isinstance(stored, dict) else None
    texts = merge_translations(kept, item[key]) if key in item else dict(kept or {})
    if any(len(text) > max_length for text in texts.values()):
        raise ValidationError(
            gettext("Keep each language's text to at most %(limit)d characters.") % {"limit": max_length}
        )
    if required and not translate(texts):
        raise ValidationError(gettext("Give a text in at least one language."), code="required")
    return texts


def validate_translated_items(value: object, keys: Sequence[str]) -> None:
    """The stored shape: a list of objects, each with a unique `id` and a text per language under
    each of `keys` (a value that did not come through the merge, a restored version, is judged too)."""
    if not isinstance(value, list) or any(not isinstance(item, dict) for item in value):
        raise ValidationError(_("Give a list of items."), code="invalid")
    ids = [item.get("id") for item in value]
    if any(not isinstance(item_id, str) or not ITEM_ID.match(item_id) for item_id in ids) or len(
        set(ids)
    ) != len(ids):
        raise ValidationError(_("Each item needs an id of its own."), code="invalid")
    for item in value:
        if set(item) - {"id", *keys}:
            raise ValidationError(_("Give each item as an object."), code="invalid")
        for key in keys:
            validate_translations(item.get(key, {}))


class TranslatedItemsField(models.JSONField):
    """A list of items, the same items in every language, each holding a text per language under
    each of `keys`: `[{"id": "k3Xa9Q", "heading": {"en": "Hands on", "de": "Zum Anfassen"},
    "line": {"en": "..."}}]`. A save is merged by `merge_translated_items` (items by id, their
    values by language); `required` names keys every item must have in at least one language."""

    description = "Items with a text per language"

    def __init__(self, *args, keys: Sequence[str] = (), required: Sequence[str] = (), **kwargs):
        self.keys = tuple(keys)
        self.required = tuple(required)
        kwargs.setdefault("default", list)
        kwargs.setdefault("blank", True)
        super().__init__(*args, **kwargs)

    def deconstruct(self):
        name, path, args, kwargs = super().deconstruct()
        kwargs["keys"] = self.keys
        if self.required:
            kwargs["required"] = self.required
        return name, path, args, kwargs

    def merge(self, stored: object, sent: object) -> list[dict[str, Any]]:
        return merge_translated_items(stored, sent, keys=self.keys, required=self.required)

    def validate(self, value, model_instance):
        super().validate(value, model_instance)
        validate_translated_items(value, self.keys)
