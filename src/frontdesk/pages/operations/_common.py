"""What the page operations share: the permission check, the locked row and the route checks."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from frontdesk.core.acting import Actor, require_permission
from frontdesk.core.errors import Conflict, NotFound
from frontdesk.core.limits import MAX_INTEGER
from frontdesk.pages.models import Page
from frontdesk.pages.permissions import MANAGE
from frontdesk.pages.queries import ROUTE_TYPE
from frontdesk.publishing.models import State
from frontdesk.routes.claims import claim_routes, refusals
from frontdesk.routes.registry import ROUTE_TYPES


def require(actor: Actor) -> None:
    """`actor=None` is the system (demo content, commands), as in every operation."""
    require_permission(actor, MANAGE)


def locked(page: Page, revision: int | None = None) -> Page:
    """The page as stored now, locked until the transaction ends; a stale `revision` is a
    Conflict before anything is judged (the revision guard of publishing/versions.py says the same)."""
    current = Page.objects.select_for_update().filter(pk=page.pk).first()
    if current is None:
        raise NotFound(_("There is no page %(id)s.") % {"id": page.pk})
    if revision is not None and (
        isinstance(revision, bool) or not 0 < revision <= MAX_INTEGER or revision != current.revision
    ):
        raise Conflict()
    return current


def follow_address(page: Page) -> None:
    """Keep the page's addresses with its slug. A page never published holds its slug in its
    columns and claims the addresses now, so nobody takes them before it is published; a page on
    the site keeps its published addresses until Publish, and a pending slug is judged now
    against the addresses others hold, so that Publish will not be refused for it."""
    if page.state == State.DRAFT:
        claim_routes(page, ROUTE_TYPE)
        return
    if not page.draft or "slug" not in page.draft:
        return
    candidate = Page(pk=page.pk, slug=page.draft["slug"])
    route_type = ROUTE_TYPES[ROUTE_TYPE]
    problems = refusals(route_type, candidate, route_type.paths_for(candidate))
    if problems:
        raise ValidationError({"slug": problems})
