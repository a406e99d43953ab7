"""The pages' inputs: one model per changing operation, the panel API's body and the agent tool's
parameters alike (docs/architecture.md, "Inputs"). The operations judge the values and key their
errors by the same names."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from frontdesk.blocks.content import MAX_BLOCKS
from frontdesk.core.inputs import Input, NameTexts, TitleTexts
from frontdesk.core.limits import MAX_ID, MAX_INTEGER
from frontdesk.pages.panel.screens import PAGE_EDITOR
from frontdesk.publishing.project_fields.schemas import EXTRA_HELP, extra_schema
from frontdesk.publishing.seo_card import SeoCardIn

Id = Annotated[int, Field(ge=1, le=MAX_ID, examples=[7])]
Revision = Annotated[int, Field(ge=1, le=MAX_INTEGER, description="The revision the caller read.")]
TEXTS_HELP = (
    'Text per language code, the site\'s languages only, e.g. {"en": "About us", "de": "Über uns"}. '
    'A save changes the languages it names and keeps the others; "" or null removes a language; '
    "a plain string sets the site's default language."
)
Block = Annotated[
    dict[str, Any],
    Field(
        description='A block: {"id"?, "type", "values"}. Leave the id out for a new block; a stored '
        "block's id keeps the block (it keeps its type).",
        examples=[{"type": "heading", "values": {"text": "Welcome", "level": 2}}],
    ),
]


class PageChange(Input):
    """A page's values; a change names only what changes (title, slug and content by language)."""

    title: TitleTexts | None = Field(
        None, description="The page's title. " + TEXTS_HELP, examples=[{"en": "About us", "de": "Über uns"}]
    )
    slug: NameTexts | None = Field(
        None,
        description="The page's address per language, at the site's root (about -> /about, "
        "/de/about): lowercase letters, digits, '-' and '_', parts joined by '/'. The default "
        "language's is required. " + TEXTS_HELP,
        examples=[{"en": "about", "de": "ueber-uns"}],
    )
    content: dict[str, Annotated[list[Block], Field(max_length=MAX_BLOCKS)] | None] | None = Field(
        None,
        description="The blocks per language code, each list whole and in order; languages not "
        "named keep theirs, null removes a language's list (it then shows the default language's).",
        examples=[{"en": [{"type": "heading", "values": {"text": "Welcome"}}]}],
    )
    extra: dict[str, Any] | None = Field(
        None, description=EXTRA_HELP, json_schema_extra=extra_schema(PAGE_EDITOR.id)
    )
    seo: SeoCardIn | None = Field(
        None,
        description="The SEO card (search engines and shared links): what it leaves out is kept. "
        "Drafted like the title: a published page shows it from the next Publish.",
    )
    is_home: bool | None = Field(
        None, description="true makes it the home page (at /), taking the flag from another page."
    )
    in_menu: bool | None = Field(
        None, description="Whether the site's menu links it (once published); a new one goes last."
    )

    def values(self) -> dict[str, Any]:
        """The values the caller gave, as the operations take them (the SEO card as its input, so
        clean_seo_card knows what it left out)."""
        values = self.model_dump(exclude_unset=True, exclude={"revision", "seo"})
        if "seo" in self.model_fields_set:
            values["seo"] = self.seo
        return values


class PageIn(PageChange):
    """A new page: title and slug required."""

    required_fields = ("title", "slug")


class PageSave(PageChange):
    """A save of the draft, carrying the revision it was made on (409 when stale)."""

    revision: Revision


class MenuOrderIn(Input):
    order: list[Id] = Field(
        description="Every page marked for the menu exactly once, in the new order.", examples=[[3, 1, 2]]
    )


class BlockOperation(Input):
    op: Literal["add", "update", "move", "remove"] = Field(
        description="add: a new block of `type` with `values` at `position` (default: the end); "
        "update: merge `values` into block `id`'s; move: block `id` to `position`; remove: block `id`."
    )
    id: str | None = Field(
        None,
        max_length=32,
        description="The block's id (update, move, remove); add: an optional id for the new block.",
    )
    type: str | None = Field(
        None, max_length=50, description="add: the block type's slug.", examples=["heading"]
    )
    values: dict[str, Any] | None = Field(
        None,
        description="add: the block's values; update: the values that change.",
        examples=[{"text": "Hello"}],
    )
    position: int | None = Field(
        None,
        ge=0,
        le=MAX_BLOCKS,
        description="add, move: the place in the list, 0 first (after the others move).",
    )


class BlocksEditIn(Input):
    language: str = Field(
        max_length=10, description="The language code whose blocks change.", examples=["en"]
    )
    operations: list[BlockOperation] = Field(
        [],
        max_length=MAX_BLOCKS,
        description="Applied in order, all or nothing. Empty: the blocks are answered and nothing changes.",
    )
    publish: bool = Field(False, description="true publishes the page after the change.")
    revision: Revision | None = Field(None, description="The revision the caller read (checked when given).")

    def values(self) -> dict[str, Any]:
        """The edit as operations.update_blocks takes it: each operation without its unset names."""
        return {
            "language": self.language,
            "operations": [operation.model_dump(exclude_none=True) for operation in self.operations],
            "publish": self.publish,
            "revision": self.revision,
        }
