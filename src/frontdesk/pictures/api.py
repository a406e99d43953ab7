"""The picture library under /api/cms/pictures (docs/host.md, "The picture library"): thin doors
over pictures. Reading needs a logged-in account (every editor picks pictures) and, for a
token, pictures:read; changing needs core.pictures.manage and pictures:write. A file travels as
multipart form data under `file`."""

from __future__ import annotations

from datetime import datetime

from django.http import HttpRequest
from ninja import File, Form, Query, Schema, Status, UploadedFile
from pydantic import Field

from frontdesk.core.api.pagination import Page, PageQuery, paginate
from frontdesk.core.api.routing import PanelRouter
from frontdesk.core.api.schemas import ErrorOut, WrittenPictureOut, answers
from frontdesk.pictures import operations
from frontdesk.pictures.inputs import PictureChange
from frontdesk.pictures.operations import MAX_NAME_LENGTH, PERMISSION, READ_SCOPE
from frontdesk.pictures.outputs import picture_changed, picture_out
from frontdesk.pictures.queries import picture_named, pictures

router = PanelRouter(tags=["pictures"])
READ, WRITE = READ_SCOPE, "pictures:write"
THROTTLED = {429: ErrorOut}  # an upload or a replacement past the account's uploads per minute


class RenditionOut(Schema):
    width: int
    height: int
    url: str


class UseOut(Schema):
    kind: str = Field(description="The registered kind of place (PICTURE_USES), e.g. services.cover.")
    kind_label: str
    label: str = Field(description="The place, as people call it.")
    url: str | None = Field(description="Its panel address, when it has one.")


class PictureOut(Schema):
    key: str = Field(description="The picture's stable key: what rich text, covers and blocks store.")
    name: str
    alt: dict[str, str] = Field(description="The alternative text per language.")
    alt_text: str = Field(
        description="The alternative text in the caller's language (with the fallback rule)."
    )
    width: int = Field(description="The original's width in pixels (upright).")
    height: int
    format: str = Field(examples=["jpeg"], description="jpeg, png, webp or gif.")
    bytes: int = Field(description="The original file's size.")
    url: str = Field(description='The widest rendition\'s address; "" while the renditions are being made.')
    srcset: str = Field(
        examples=["/media/pictures/k3x9/a1b2-320w.jpg 320w, /media/pictures/k3x9/a1b2-640w.jpg 640w"]
    )
    renditions: list[RenditionOut]
    created_at: datetime
    changed_at: datetime


class PictureDetailOut(PictureOut):
    uses: list[UseOut] = Field(
        description="Every place that uses the picture and that the caller may open (the place's"
        " module's reading permission); deleting it is refused while any place uses it."
    )
    use_count: int = Field(description="How many places use it in all, named or not.")


class PictureQuery(PageQuery):
    q: str = Field("", max_length=200, description="Words each found in the name, an alt text or the key.")
    keys: str = Field("", max_length=3300, description="Comma-separated keys: only these pictures.")


@router.get(
    "",
    response=answers(200, Page[PictureOut]),
    scope=READ,
    summary="The library, newest first, a page at a time",
)
def list_pictures(request: HttpRequest, query: Query[PictureQuery]):
    keys = [key.strip() for key in query.keys.split(",") if key.strip()]
    return paginate(pictures(query.q, keys), query, serialise=picture_out)


@router.post(
    "",
    response={**answers(201, PictureDetailOut | WrittenPictureOut), **THROTTLED},
    permission=PERMISSION,
    scope=WRITE,
    summary="Upload a picture (multipart: file, and optionally name)",
    description="JPEG, PNG, WebP or GIF; refused under `file` when it is not one, too large, has too"
    " many pixels or would cost too much to decode; 429 past the account's uploads per minute."
    " Renditions are made by a task (at once, or by the worker when a queue is configured: until"
    ' then `renditions` is empty and `url` is ""); the name defaults to the file\'s.',
)
def upload_picture(
    request: HttpRequest,
    file: File[UploadedFile],
    name: str | None = Form(None, max_length=MAX_NAME_LENGTH * 2, description="Defaults to the file's name."),
):
    picture = operations.create_picture(
        actor=request.user, values={"file": file} if name is None else {"file": file, "name": name}
    )
    return Status(201, picture_changed(request.user, picture))


@router.get(
    "/{key}",
    response=answers(200, PictureDetailOut),
    scope=READ,
    summary="One picture, with where it is used",
)
def get_picture(request: HttpRequest, key: str):
    return picture_out(picture_named(key), with_uses=True, actor=request.user)


@router.put(
    "/{key}",
    response=answers(200, PictureDetailOut | WrittenPictureOut),
    permission=PERMISSION,
    scope=WRITE,
    summary="Change a picture's name and alt text (only the keys given)",
)
def update_picture(request: HttpRequest, key: str, payload: PictureChange):
    values = payload.model_dump(exclude_unset=True)
    picture = operations.update_picture(picture_named(key), actor=request.user, values=values)
    return picture_changed(request.user, picture)


@router.post(
    "/{key}/file",
    response={**answers(200, PictureDetailOut | WrittenPictureOut), **THROTTLED},
    permission=PERMISSION,
    scope=WRITE,
    summary="Replace a picture's file (multipart: file); the key stays, every use shows the new file",
)
def replace_file(request: HttpRequest, key: str, file: File[UploadedFile]):
    picture = operations.update_picture_file(picture_named(key), actor=request.user, values={"file": file})
    return picture_changed(request.user, picture)


@router.delete(
    "/{key}",
    response=answers(204, None, conflict=True),
    permission=PERMISSION,
    scope=WRITE,
    summary="Delete a picture nobody uses",
    description="Refused with 409 while it is used: `message` and `in_use` say how often, `uses` names "
    "each place the caller may open.",
)
def delete_picture(request: HttpRequest, key: str):
    operations.purge_picture(picture_named(key), actor=request.user)
    return Status(204, None)
