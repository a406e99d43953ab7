"""TranslatedField: a JSON object {language code: text} validated against the site's languages."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from frontdesk.core.languages import site_language_codes, translate


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

    def validate(self, value, model_instance):
        super().validate(value, model_instance)
        validate_translations(value)
        if self.required and not translate(value):
            raise ValidationError(_("Give a text in at least one language."), code="required")
