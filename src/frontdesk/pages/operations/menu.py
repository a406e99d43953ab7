"""The order of the site's menu, as editors set it (drag and keyboard in the panel)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from frontdesk.core.acting import Actor
from frontdesk.pages.models import Page
from frontdesk.pages.operations._common import require


@transaction.atomic
def sort_menu(order: list[int], *, actor: Actor) -> None:
    """Store the menu's order: `order` names every page marked for the menu (published or not,
    outside the bin) exactly once. Not logged, as no reordering is (docs/host.md, "The log")."""
    require(actor)
    rows = {page.pk: page for page in Page.objects.select_for_update().filter(in_menu=True)}
    if sorted(order) != sorted(rows) or len(set(order)) != len(order):
        raise ValidationError({"order": [_("Name every page of the menu exactly once.")]})
    for position, pk in enumerate(order, start=1):
        rows[pk].menu_position = position
    Page.objects.bulk_update(rows.values(), ["menu_position"])
