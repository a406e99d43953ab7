"""The operations' pieces every versioned module's editor needs (docs/host.md, "The versioned
editor's pieces"): the row locked at the revision its editor loaded, and its addresses following
its slug through draft and publish. The draft, publish and versions themselves are
publishing/versions.py's; a module's operations call these around them:

    @transaction.atomic
    def update_event(event, *, actor, values, revision):
        current = locked(event, revision)
        saved = versions.save_draft(actor, current, values=..., revision=revision)
        follow_address(saved, ROUTE_TYPE)
        return saved
"""

from __future__ import annotations

import copy

from django.utils.translation import gettext as _

from frontdesk.core.acting import Actor
from frontdesk.core.errors import Conflict, NotFound
from frontdesk.core.limits import MAX_INTEGER
from frontdesk.publishing import versions
from frontdesk.publishing.models import State, Versioned
from frontdesk.routes.claims import claim_routes, hold_routes


def locked[Row: Versioned](row: Row, revision: int | None = None) -> Row:
    """The row as stored now, locked until the transaction ends (a row in the bin is not found,
    as its model's default manager leaves it out); a stale `revision` is a Conflict before
    anything is judged, as the revision guard of publishing/versions.py says."""
    model = type(row)
    current = model._default_manager.select_for_update().filter(pk=row.pk).first()
    if current is None:
        raise NotFound(_("There is no %(kind)s %(id)s.") % {"kind": model._meta.verbose_name, "id": row.pk})
    if revision is not None and (
        isinstance(revision, bool) or not 0 < revision <= MAX_INTEGER or revision != current.revision
    ):
        raise Conflict()
    return current


def follow_address(row: Versioned, route_type_name: str) -> None:
    """Keep the row's addresses with its slug, after a save, a restored version or Discard. A row
    never published holds its slug in its columns and claims its addresses now, so nobody takes
    them before it is published. A row that was published keeps the addresses it answers at until
    Publish (which calls `claim_routes`), and the addresses its draft's slug makes are held for it
    from now on (routes.claims.hold_routes): refused under the slug's field when another object
    has one, given up when the draft no longer makes them (changed back, discarded)."""
    if row.state == State.DRAFT:
        claim_routes(row, route_type_name)
        return
    drafted = copy.copy(row)
    drafted.apply_values(row.draft_values())
    hold_routes(drafted, route_type_name)


def publish_at_addresses[Row: Versioned](
    actor: Actor, row: Row, route_type_name: str, *, revision: int | None = None
) -> Row:
    """Publish's steps for a row with addresses: the row locked at `revision`, its draft onto the
    site (a version kept), and its addresses moved to the published slug, the old ones answering
    301. The caller runs it inside its operation's transaction, after its own permission check."""
    published = versions.publish(actor, locked(row, revision), revision=revision)
    claim_routes(published, route_type_name)
    return published
