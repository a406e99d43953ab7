"""The API routes every versioned record has, built once (docs/host.md, "The versioned editor's
pieces"): the state steps (POST <path>/publish, /unpublish, /discard with {"revision"?}), a fresh
preview link, the versions and the restore of one, and the History. A module writes one call
instead of seven views, as core/bin/doors.bin_routes does for the bin:

    versioned_routes(
        router, "/{event}", module=__name__, noun="event", view_permission=VIEW,
        manage_permission=MANAGE, find=queries.find_event, changed=event_changed,
        response=EventOut | WrittenOut, preview_type=queries.PREVIEW_TYPE, history=log_lines,
        steps={"publish": operations.publish_event, "unpublish": operations.unpublish_event,
               "discard": operations.discard_event},
        restore_version=operations.restore_event_version,
    )

The views are named `<step>_<noun>`, `preview_<noun>`, `list_<noun>_versions`,
`restore_<noun>_version` and `<noun>_log` in `module` (`names` keeps a module's older names), so
their OpenAPI operation ids and URL names are those a module's own views would have.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja import Query

from frontdesk.core.api.routing import PanelRouter
from frontdesk.core.api.schemas import answers
from frontdesk.core.errors import NotFound
from frontdesk.core.inputs import Input
from frontdesk.core.limits import MAX_INTEGER
from frontdesk.publishing.models import Versioned
from frontdesk.publishing.outputs import preview_link_out, version_list
from frontdesk.publishing.schemas import LogLineOut, PreviewLinkOut, PreviewQuery, StepIn, VersionOut

NO_NAMES: Mapping[str, str] = {}


def _view(
    fn: Callable[..., Any], *, module: str, name: str, noun: str, extra: list[tuple[str, Any]]
) -> Callable[..., Any]:
    """`fn(request, **given)` dressed as a module's own view `name(request, <noun>: int, ...)`."""
    fn.__name__ = fn.__qualname__ = name
    fn.__module__ = module
    keyword = inspect.Parameter.KEYWORD_ONLY
    fn.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter("request", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=HttpRequest),
            inspect.Parameter(noun, keyword, annotation=int),
            *(inspect.Parameter(key, keyword, annotation=annotation) for key, annotation in extra),
        ]
    )
    return fn


def versioned_routes[Row: Versioned](
    router: PanelRouter,
    path: str,
    *,
    module: str,
    noun: str,
    view_permission: str,
    manage_permission: str,
    find: Callable[[int], Row],
    changed: Callable[[Any, Row], Any],
    response: Any,
    preview_type: str,
    history: Callable[[Row], list[dict[str, Any]]],
    steps: Mapping[str, Callable[..., Row]],
    restore_version: Callable[..., Row],
    names: Mapping[str, str] = NO_NAMES,
    step_input: type[Input] = StepIn,
) -> None:
    """Add to `router` the routes of a versioned record at `path` (naming it `{<noun>}`): each of
    `steps` ({"publish": operation, ...}) as POST `<path>/<step>`, calling `operation(row,
    actor=..., revision=...)` and answering `changed(actor, row)` as `response` (409 on a stale
    revision); GET `<path>/preview`; GET `<path>/versions`; POST `<path>/versions/{number}/restore`
    calling `restore_version(row, actor=..., number=..., revision=...)`; GET `<path>/log`, the
    lines `history(row)` gives. `names` overrides a view's name by its kind (a step's name,
    "preview", "versions", "restore_version", "log")."""

    def name(kind: str, default: str) -> str:
        return names.get(kind, default)

    def view(fn: Callable[..., Any], kind: str, default: str, *extra: tuple[str, Any]) -> Callable[..., Any]:
        return _view(fn, module=module, name=name(kind, default), noun=noun, extra=list(extra))

    summaries = {  # the OpenAPI document's words, as every route's summary: not translated
        "publish": "Publish the draft",
        "unpublish": f"Take the {noun} off the site",
        "discard": "Throw the pending edits away",
    }
    for step, operation in steps.items():

        def moved(request: HttpRequest, *, operation=operation, **given: Any) -> Any:
            row = operation(find(given[noun]), actor=request.user, revision=given["payload"].revision)
            return changed(request.user, row)

        router.post(
            f"{path}/{step}",
            response=answers(200, response, conflict=True),
            permission=manage_permission,
            summary=summaries.get(step, step),
        )(view(moved, step, f"{step}_{noun}", ("payload", step_input)))

    def preview(request: HttpRequest, **given: Any) -> Any:
        return preview_link_out(
            preview_type,
            find(given[noun]),
            language=given["query"].language,
            absolute=request.build_absolute_uri,
        )

    router.get(
        f"{path}/preview",
        response=answers(200, PreviewLinkOut),
        permission=view_permission,
        summary="A fresh link to the draft's preview",
        description=f"A signed link, good for one hour, that shows the {noun}'s draft (the edits waiting for"
        f" Publish) in the site's layout to a signed-in account with {view_permission}, marked as a preview"
        " and kept out of search engines. `language` chooses the language (default: the site's default).",
    )(view(preview, "preview", f"preview_{noun}", ("query", Query[PreviewQuery])))

    def versions(request: HttpRequest, **given: Any) -> Any:
        return version_list(find(given[noun]))

    router.get(
        f"{path}/versions",
        response=answers(200, list[VersionOut]),
        permission=view_permission,
        summary="The published versions, newest first",
    )(view(versions, "versions", f"list_{noun}_versions"))

    def restore(request: HttpRequest, **given: Any) -> Any:
        number = given["number"]
        if not 1 <= number <= MAX_INTEGER:
            raise NotFound(_("There is no version %(number)s of this record.") % {"number": number})
        row = restore_version(
            find(given[noun]), actor=request.user, number=number, revision=given["payload"].revision
        )
        return changed(request.user, row)

    router.post(
        f"{path}/versions/{{number}}/restore",
        response=answers(200, response, conflict=True),
        permission=manage_permission,
        summary="Put a version's values into the draft",
        description=f"On a published {noun} the values wait for Publish (published with edits); on a draft"
        " or an unpublished one they replace its values, the state unchanged.",
    )(view(restore, "restore_version", f"restore_{noun}_version", ("number", int), ("payload", step_input)))

    def log(request: HttpRequest, **given: Any) -> Any:
        return history(find(given[noun]))

    router.get(
        f"{path}/log",
        response=answers(200, list[LogLineOut]),
        permission=view_permission,
        summary=f"The {noun}'s log, newest first",
    )(view(log, "log", f"{noun}_log"))
