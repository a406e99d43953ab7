"""The order of the site's menu, as editors set it (drag and keyboard in the panel)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from frontdesk.core.acting import Actor
from frontdesk.core.ordering import OrderWords, reorder
from frontdesk.pages.models import Page
from frontdesk.pages.operations._common import require
from frontdesk.publishing.navigation import forget_menu

MENU_WORDS = OrderWords(incomplete=_("Name every page of the menu exactly once."))


def reorder_menu(*, actor: Actor, ids: list[int]) -> None:
    """Store the menu's order: `ids` names every page marked for the menu (published or not,
    outside the bin) exactly once. Not logged, as no reordering is (docs/host.md, "The log")."""
    require(actor)
    reorder(Page.objects.filter(in_menu=True), ids, field="menu_position", location="order", words=MENU_WORDS)
    # The positions are written in bulk, which sends no signal the menu's cache hears (apps.py).
    forget_menu()
