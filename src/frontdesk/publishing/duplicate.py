"""Duplicating a versioned row (docs/host.md, "Versions": the duplicate): a new draft holding
every value the original's editor shows, at the next free addresses, without its history."""

from __future__ import annotations

from django.db import transaction

from frontdesk.core import log
from frontdesk.core.acting import Actor
from frontdesk.publishing.models import State, Versioned
from frontdesk.publishing.versions import require_edit_permission
from frontdesk.routes.claims import claim_routes, next_free_slugs
from frontdesk.routes.registry import route_types_of


@transaction.atomic
def duplicate_versioned[Row: Versioned](row: Row, *, actor: Actor) -> Row:
    """A new draft of `row`'s model holding `row`'s versioned values as its editor shows them
    (the published values with the pending edits over them: title, texts, moments, lists,
    relations, the SEO card, the project fields, whatever the model versions), with the lowest
    free suffix -2, -3, ... on its slug in every language of each route type the model has, and
    those addresses claimed. Nothing else comes along: no versions, no log, no place in the bin;
    the values the model does not version take their defaults.

    One transaction: a refusal or a failure after the copy is saved (an address taken at that
    moment) leaves neither the copy nor an address of it. Raises ValidationError under a field
    the copy may not hold (a unique column of the model's that is not an address).
    """
    model = type(row)
    require_edit_permission(actor, model)
    original = model._base_manager.get(pk=row.pk)  # the values as stored now, not as held in memory
    values = original.draft_values()
    copy = model()
    copy.apply_values(values)
    for route_type in route_types_of(original):
        slugs = values.get(route_type.field, getattr(original, route_type.field)) or {}  # versioned or not
        setattr(copy, route_type.field, next_free_slugs(route_type.name, slugs))
    copy.state = State.DRAFT
    copy.full_clean()
    copy.save()
    for route_type in route_types_of(copy):
        claim_routes(copy, route_type.name)
    log.write(copy, f"{model._meta.model_name}.duplicated", actor, detail={"original": original.pk})
    return copy
