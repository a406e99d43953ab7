"""The kinds of setting a group is made of. Each kind knows its default, how it judges a value sent
by any door (`clean`, raising an unkeyed ValidationError that the operation files under the
setting's name) and how it describes itself to the panel, the API and the agents (`describe`).
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from typing import Any, ClassVar

from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from frontdesk.core.fields import merge_translations
from frontdesk.pictures.queries import clean_picture_key

# Keys and secrets of third-party services are printable ASCII without spaces; anything else is
# a paste gone wrong (a line break, a quote), refused before a provider sees it.
TOKEN_PATTERN = re.compile(r"^[\x21-\x7e]*$")


def _text(value: Any) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ValidationError(_("Give a text."), code="invalid")
    if "\x00" in value:
        raise ValidationError(_("Remove the NUL character from this text."), code="invalid")
    return value.strip()


def _within(text: str, max_length: int) -> str:
    if len(text) > max_length:
        raise ValidationError(
            _("At most %(limit)d characters."), code="max_length", params={"limit": max_length}
        )
    return text


@dataclass(frozen=True, kw_only=True)
class Setting:
    """One named value of a group. `secret` kinds are write-only (docs/host.md)."""

    name: str
    label: str | Promise
    help: str | Promise = ""
    kind: ClassVar[str] = "setting"
    secret: ClassVar[bool] = False

    def default(self) -> Any:
        return ""

    def clean(self, value: Any, stored: Any, *, merge: bool) -> Any:
        """The value to store for `value` as sent; `stored` is the value before, which a save by
        parts (`merge`) builds on."""
        raise NotImplementedError

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "label": str(self.label), "help": str(self.help)}


@dataclass(frozen=True, kw_only=True)
class Text(Setting):
    """One line of text; `pattern` (with its message) narrows what it takes."""

    max_length: int = 200
    pattern: re.Pattern | None = None
    pattern_message: str | Promise = ""
    kind: ClassVar[str] = "text"

    def clean(self, value: Any, stored: Any, *, merge: bool) -> str:
        text = _within(_text(value), self.max_length)
        if text and self.pattern is not None and not self.pattern.match(text):
            raise ValidationError(str(self.pattern_message), code="invalid")
        return text

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "max_length": self.max_length}


@dataclass(frozen=True, kw_only=True)
class TranslatedText(Setting):
    """A text per site language. A save by parts changes the languages it names and keeps the
    others (`merge_translations`, as every translated value); `placeholders` lists the only
    `{name}`s the text may hold."""

    max_length: int = 200
    placeholders: tuple[str, ...] = ()
    kind: ClassVar[str] = "translated_text"

    def default(self) -> dict[str, str]:
        return {}

    def clean(self, value: Any, stored: Any, *, merge: bool) -> dict[str, str]:
        if isinstance(value, dict) and any(
            isinstance(text, str) and "\x00" in text for text in value.values()
        ):
            raise ValidationError(_("Remove the NUL character from this text."), code="invalid")
        texts = merge_translations(stored if merge else {}, value)
        for text in texts.values():
            _within(text, self.max_length)
            self._check_placeholders(text)
        return texts

    def _check_placeholders(self, text: str) -> None:
        if not self.placeholders:
            return
        try:
            parts = list(string.Formatter().parse(text))
        except ValueError:
            parts = [("", "{", None, None)]  # an unmatched brace: refused like an unknown name
        for _literal, name, spec, conversion in parts:
            if name is not None and (name not in self.placeholders or spec or conversion):
                raise ValidationError(
                    _("Use only these placeholders: %(names)s (write a brace itself as {{ or }})."),
                    code="invalid",
                    params={"names": ", ".join("{" + name + "}" for name in self.placeholders)},
                )

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "max_length": self.max_length, "placeholders": list(self.placeholders)}


@dataclass(frozen=True, kw_only=True)
class Choice(Setting):
    """One of `choices` ((value, label) pairs); the first is the default."""

    choices: tuple[tuple[str, str | Promise], ...] = ()
    kind: ClassVar[str] = "choice"

    def default(self) -> str:
        return self.choices[0][0]

    def clean(self, value: Any, stored: Any, *, merge: bool) -> str:
        text = _text(value)
        allowed = [choice for choice, _label in self.choices]
        if text not in allowed:
            raise ValidationError(
                _("Choose one of: %(choices)s."),
                code="invalid_choice",
                params={"choices": ", ".join(repr(choice) for choice in allowed)},
            )
        return text

    def describe(self) -> dict[str, Any]:
        choices = [{"value": value, "label": str(label)} for value, label in self.choices]
        return {**super().describe(), "choices": choices}


@dataclass(frozen=True, kw_only=True)
class LinkList(Setting):
    """Web addresses (http or https), each once, in the order given; the list is replaced whole."""

    max_items: int = 20
    max_length: int = 500
    kind: ClassVar[str] = "link_list"
    _validate: ClassVar[URLValidator] = URLValidator(schemes=["http", "https"])

    def default(self) -> list[str]:
        return []

    def clean(self, value: Any, stored: Any, *, merge: bool) -> list[str]:
        if value is None:
            return []
        if not isinstance(value, list):
            raise ValidationError(_("Give a list of web addresses."), code="invalid")
        links = list(dict.fromkeys(_within(_text(item), self.max_length) for item in value))
        links = [link for link in links if link]
        if len(links) > self.max_items:
            raise ValidationError(
                _("At most %(limit)d addresses."), code="max_items", params={"limit": self.max_items}
            )
        for link in links:
            try:
                self._validate(link)
            except ValidationError:
                raise ValidationError(
                    _("%(value)s is not a web address starting with https:// or http://."),
                    code="invalid",
                    params={"value": link[:100]},
                ) from None
        return links

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "max_items": self.max_items, "max_length": self.max_length}


@dataclass(frozen=True, kw_only=True)
class Secret(Setting):
    """Write-only: stored, read by the code that needs it, and shown to nobody, only as set or
    not set. A text replaces it, null clears it, leaving it out keeps it."""

    max_length: int = 500
    kind: ClassVar[str] = "secret"
    secret: ClassVar[bool] = True

    def clean(self, value: Any, stored: Any, *, merge: bool) -> str:
        if value is None:
            return ""
        text = _within(_text(value), self.max_length)
        if not text:
            raise ValidationError(
                _("Leave a secret out to keep it, or send null to clear it."), code="empty_secret"
            )
        if not TOKEN_PATTERN.match(text):
            raise ValidationError(_("Use printable characters without spaces."), code="invalid")
        return text

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "max_length": self.max_length}


@dataclass(frozen=True, kw_only=True)
class PictureKey(Setting):
    """A picture of the library (pictures), stored by its key; "" or null: none. A key that
    names no picture is refused. The library counts the setting as a place the picture is used
    (sitesettings/pictures.py), so a picture named here is not deleted."""

    kind: ClassVar[str] = "picture"

    def clean(self, value: Any, stored: Any, *, merge: bool) -> str:
        return clean_picture_key(_text(value))
