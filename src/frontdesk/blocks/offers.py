"""Offering and installing block types (docs/host.md, "Offering and installing block types").

A module offers the block types it has code for; a site installs them with `frontdesk
blocks_install` (or the module's own command built on `InstallCommand`). Installing makes a
`BlockType` row under the offer's slug, linked to the offer's code. A row already under that slug
is never touched: not renamed, not replaced, not linked to other code.

    register_offer(Offer(slug="faq", name=_("Questions and answers"), code="faq"))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext as _

from frontdesk.blocks.models import BlockType
from frontdesk.core import log
from frontdesk.core.acting import Actor
from frontdesk.core.languages import site_language_codes
from frontdesk.core.registry import Registry

FREE, INSTALLED, TAKEN = "free", "installed", "taken"


@dataclass(frozen=True)
class Offer:
    slug: str  # the block type row's slug, which content names
    name: str | Promise  # stored in every site language on install (a lazy text is translated)
    code: str  # the BLOCK_CODES slug the row is linked to


@dataclass(frozen=True)
class OfferState:
    """An offer and what the site has under its slug: nothing (free), a row an offer made with
    the same code (installed), or any other row (taken)."""

    offer: Offer
    state: str
    row: BlockType | None

    @property
    def reason(self) -> str:
        if self.row is None or self.state != TAKEN:
            return ""
        if self.row.code != self.offer.code:
            return _("the row is linked to the code %(code)s") % {"code": self.row.code or "—"}
        return _("the site made that row itself")


OFFERS: Registry[Offer] = Registry("block type offer")


def register_offer(offer: Offer) -> Offer:
    return OFFERS.register(offer.slug, offer)


def _judge(offer: Offer, row: BlockType | None) -> OfferState:
    if row is None:
        return OfferState(offer, FREE, None)
    if row.offered and row.code == offer.code:
        return OfferState(offer, INSTALLED, row)
    return OfferState(offer, TAKEN, row)


def offer_states(
    slugs: Sequence[str] | None = None, *, offers: Sequence[Offer] | None = None
) -> list[OfferState]:
    """The state of each offer named (every registered offer when none is named; `offers`
    narrows to a module's own), in one query. An unknown slug is refused under `slugs`."""
    available = list(offers) if offers is not None else OFFERS.all()
    by_slug = {offer.slug: offer for offer in available}
    if slugs:
        unknown = [slug for slug in slugs if slug not in by_slug]
        if unknown:
            raise ValidationError(
                {"slugs": [_("No module offers the block type %(slugs)s.") % {"slugs": ", ".join(unknown)}]}
            )
        chosen = [by_slug[slug] for slug in dict.fromkeys(slugs)]
    else:
        chosen = available
    rows = {row.slug: row for row in BlockType.objects.filter(slug__in=[offer.slug for offer in chosen])}
    return [_judge(offer, rows.get(offer.slug)) for offer in chosen]


def _names(offer: Offer) -> dict[str, str]:
    names = {}
    for code in site_language_codes():
        with translation.override(code):
            names[code] = str(offer.name)
    return names


def install_offers(states: Sequence[OfferState], *, actor: Actor = None) -> list[BlockType]:
    """Make the rows of the free offers among `states`; answers the rows made.

    A row that appeared under a slug since `states` was read is left as it is (get_or_create
    never changes an existing row), so a second run, or two at once, change nothing.
    """
    made = []
    with transaction.atomic():
        for state in states:
            if state.state != FREE:
                continue
            offer = state.offer
            row, created = BlockType.objects.get_or_create(
                slug=offer.slug, defaults={"name": _names(offer), "code": offer.code, "offered": True}
            )
            if created:
                log.write(row, "block_type.installed", actor, detail={"code": offer.code})
                made.append(row)
    return made
