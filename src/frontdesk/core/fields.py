"""TranslatedField: a JSON object {language code: text} validated against the site's languages,
and `merge_translations`, the one rule for saving such a value (docs/api.md, "Translated values")."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.core.exceptions import ValidationError
from django.db import models
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
