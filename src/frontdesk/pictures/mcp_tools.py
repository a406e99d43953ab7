"""The picture library's agent tool (docs/mcp.md): pictures_list, so an agent can name pictures
(a cover, a picture in rich text, a block's values) by key. Scope pictures:read; any account may
read the library, as in the panel's picker."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from frontdesk.core.api.pagination import PageQuery, paginate
from frontdesk.core.limits import DEFAULT_PER_PAGE, MAX_INTEGER, MAX_PER_PAGE
from frontdesk.core.mcp.registry import register_tool
from frontdesk.core.serving import absolute_url
from frontdesk.pictures.models import Picture
from frontdesk.pictures.outputs import picture_out
from frontdesk.pictures.queries import pictures

# What an agent needs to name a picture: the API's shape (outputs.picture_out), fewer fields.
TOOL_FIELDS = ("key", "name", "alt", "alt_text", "width", "height")


def _row(picture: Picture) -> dict[str, Any]:
    answer = picture_out(picture)
    url = answer["url"]  # "" while its renditions are being made
    # An agent reads it outside the site: a whole address (S3 gives one already).
    return {
        **{name: answer[name] for name in TOOL_FIELDS},
        "url": absolute_url(url) if url.startswith("/") else url,
    }


def pictures_list(
    actor,
    q: Annotated[
        str,
        Field(
            description="Words each found in the name, an alt text (any language) or the key.", max_length=200
        ),
    ] = "",
    page: Annotated[int, Field(description="Page number, from 1.", ge=1, le=MAX_INTEGER)] = 1,
    per_page: Annotated[
        int, Field(description=f"Pictures per page, 1-{MAX_PER_PAGE}.", ge=1, le=MAX_PER_PAGE)
    ] = DEFAULT_PER_PAGE,
) -> dict[str, Any]:
    return paginate(pictures(q), PageQuery(page=page, per_page=per_page), serialise=_row)


def register_picture_tools() -> None:
    register_tool(
        "pictures_list",
        pictures_list,
        scope="pictures:read",
        permission=None,
        description="The picture library, newest first: each picture's key (what rich text"
        ' <img data-picture="KEY" alt=""> and covers store), name, alt text per language, width,'
        " height and address. Search with q.",
    )
