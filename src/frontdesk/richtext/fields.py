"""RichTextField: rich text per language as a model field that knows how its texts are cleaned, so
the versions helper merges a save of it by language with the rich text's cleaning, once
(docs/host.md, "Rich text")."""

from __future__ import annotations

from frontdesk.core.fields import TranslatedField
from frontdesk.richtext.cleaning import stored_rich_text


class RichTextField(TranslatedField):
    """{"en": "<p>...</p>", ...}: each language cleaned against the allow-list on the way in; a
    text empty after cleaning (`<p><br></p>`) removes its language."""

    description = "Rich text per language"

    def clean_text(self, text: str) -> str:
        return stored_rich_text(text)
