"""The code behind block types: what a module registers so that rows of its types validate,
edit, print and add to the head.

    class QuoteBlock(BlockCode):
        slug = "quote"
        label = _("Quote")
        values = QuoteValues                      # a BlockValues model
        template = "mymodule/blocks/quote.html"   # gets `values`, `block`, `items`, `request`, ...
        editor = (EditorField("text", "textarea", _("Quote"), required=True, max_length=2000),)

    register_block_code(QuoteBlock())             # in AppConfig.ready()

A block type row (`BlockType`) names its code by slug; docs/host.md, "Blocks".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.functional import Promise
from django.utils.safestring import SafeString, mark_safe
from pydantic import ConfigDict

from frontdesk.blocks.collections import COLLECTIONS
from frontdesk.core.inputs import Input
from frontdesk.core.registry import Registry

EDITOR_KINDS = (
    "text",
    "textarea",
    "number",
    "checkbox",
    "select",
    "choices",
    "flag",
    "hidden",
    "richtext",
    "picture",
)


class BlockValues(Input):
    """The base of a block code's values: unknown keys and NUL characters refused, and the
    values are read-only once validated (a template cannot change what another block reads)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


@dataclass(frozen=True)
class EditorField:
    """One control of a block type's form in the block editor (blocks/static/blocks/editor.js).

    `name` is the value's key in the values model; `kind` one of EDITOR_KINDS. A `select` takes
    its options from `choices` ((value, label) pairs) or, for items of a collection, from
    `picker`, a "collection/picker" name the editor loads from the pickers API; `choices` is the
    same with several picked (a list value, one checkbox per option). A `flag` is true, false or
    null (decided for the block): its checkbox shows the effective value — with `auto_on_empty`
    naming another value, null is on while that value is empty — and a Reset returns it to null.
    A `hidden` value has no control: the editor keeps it as stored (a setting switched off).
    """

    name: str
    kind: str
    label: str | Promise
    help: str | Promise = ""
    required: bool = False
    choices: tuple[tuple[str | int, str | Promise], ...] = ()
    picker: str | None = None
    max_length: int | None = None
    min: int | None = None
    max: int | None = None
    auto_on_empty: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in EDITOR_KINDS:
            raise ValueError(f"Unknown editor kind {self.kind!r} (known: {', '.join(EDITOR_KINDS)}).")
        if self.picker is not None and (
            self.kind not in ("select", "choices") or self.picker.count("/") != 1
        ):
            raise ValueError(f"{self.name}: a picker is a 'collection/picker' name on a select or choices.")
        if self.auto_on_empty is not None and self.kind != "flag":
            raise ValueError(f"{self.name}: auto_on_empty belongs to a flag.")

    def describe(self) -> dict[str, Any]:
        """The control as the editor reads it, its words in the active language."""
        return {
            "name": self.name,
            "kind": self.kind,
            "label": str(self.label),
            "help": str(self.help),
            "required": self.required,
            "choices": [{"value": value, "label": str(label)} for value, label in self.choices],
            "picker": self.picker,
            "max_length": self.max_length,
            "min": self.min,
            "max": self.max,
            "auto_on_empty": self.auto_on_empty,
        }


class BlockCode:
    """A block type's code. Subclass it, set the class attributes, override a hook when needed,
    and register an instance with `register_block_code`."""

    slug: ClassVar[str]
    label: ClassVar[str | Promise]
    values: ClassVar[type[BlockValues]]
    template: ClassVar[str] = ""
    editor: ClassVar[tuple[EditorField, ...]] = ()
    # The collection (COLLECTIONS) this type draws items from; rendering fetches them in a batch.
    collection: ClassVar[str | None] = None

    def check(self, values: Any, *, language: str) -> None:
        """Rules beyond the values model, run by `clean_content` in the operation's transaction
        (a referenced row exists). Raise ValidationError({value name: [...]}) to refuse."""

    def picture_keys(self, values: Any) -> set[str]:
        """The keys of the library pictures the block prints (a picture value, the pictures of a
        rich text): `render_content` reads those of every block of the page in ONE query and
        hands them to `render` as `context["pictures"]` ({key: PictureView}); a holder names
        them as places the pictures are used (holders.picture_keys_in)."""
        return set()

    def render(self, values: Any, context: dict[str, Any]) -> SafeString:
        """The block's HTML. `context` holds `request`, `language`, `block` (its id and type),
        `items` (the collection's items for these values, or None) and `pictures` (the page's
        library pictures by key, resolved once for every block)."""
        request = context.get("request")
        return mark_safe(render_to_string(self.template, {**context, "values": values}, request=request))  # noqa: S308  (a template's output)

    def head(self, values: Any, context: dict[str, Any], request: HttpRequest | None) -> None:
        """Head contributions (frontdesk.publishing.head): by default the collection's, if any."""
        collection = COLLECTIONS.get(self.collection) if self.collection else None
        if collection is not None and collection.head is not None and request is not None:
            collection.head(values, context.get("items") or [], request)

    def describe(self) -> dict[str, Any]:
        """The editor's description: each control with the values model's default for it (None
        when it has none), which a new block starts with."""
        fields = []
        for field in self.editor:
            info = self.values.model_fields.get(field.name)
            default = (
                None if info is None or info.is_required() else info.get_default(call_default_factory=True)
            )
            fields.append({**field.describe(), "default": default})
        return {"code": self.slug, "label": str(self.label), "fields": fields}


BLOCK_CODES: Registry[BlockCode] = Registry("block code")


RESERVED_VALUE_NAMES = ("id", "type", "values")  # a block's own keys: its errors use them


def register_block_code(code: BlockCode) -> BlockCode:
    """Register `code` under its slug; a values model using a block's own keys is refused."""
    taken = sorted(set(code.values.model_fields) & set(RESERVED_VALUE_NAMES))
    if taken:
        raise ImproperlyConfigured(
            f"The block code {code.slug!r} names a value {', '.join(taken)}: a block's own key; rename it."
        )
    return BLOCK_CODES.register(code.slug, code)


def refuse(name: str, message: str | Promise) -> ValidationError:
    """A refusal for `check`: `raise refuse("category", _("There is no category 7."))`."""
    return ValidationError({name: [message]})
