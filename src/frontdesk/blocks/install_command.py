"""The install command pattern: `frontdesk blocks_install [<slug>...] [--no-input] [--dry-run]`,
and the base a module wraps for its own command:

    # mymodule/management/commands/mymodule_install.py
    class Command(InstallCommand):
        help = "Install the block types of mymodule."
        offer_slugs = ("faq",)   # the offers this command covers; empty: every offer

Each offered type is listed as free, installed or taken; the free ones are installed after a
question (`--no-input` installs without asking, `--dry-run` installs nothing). A taken slug is
reported and left as it is; the command exits 0. A second run changes nothing.
"""

from __future__ import annotations

from typing import ClassVar

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from frontdesk.blocks.offers import (
    FREE,
    INSTALLED,
    OFFERS,
    TAKEN,
    Offer,
    OfferState,
    install_offers,
    offer_states,
)

WORDS = {FREE: "free", INSTALLED: "installed", TAKEN: "taken, left as it is"}


class InstallCommand(BaseCommand):
    help = "Install the block types modules offer (all, or the slugs named)."
    offer_slugs: ClassVar[tuple[str, ...]] = ()  # the offers this command covers; empty: every offer

    def add_arguments(self, parser) -> None:
        parser.add_argument("slugs", nargs="*", metavar="slug", help="Only these offered block types.")
        parser.add_argument(
            "--no-input", action="store_false", dest="interactive", help="Install without asking."
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="Say what would be installed; install nothing."
        )

    def offers(self) -> list[Offer]:
        if not self.offer_slugs:
            return OFFERS.all()
        return [offer for offer in OFFERS.all() if offer.slug in self.offer_slugs]

    def ask(self, question: str) -> bool:
        return input(f"{question} [y/N] ").strip().lower() in {"y", "yes"}

    def describe(self, state: OfferState) -> str:
        line = f"  {state.offer.slug}: {WORDS.get(state.state, state.state)}"
        if state.reason:
            line += f" ({state.reason})"
        return line

    def handle(self, *args, slugs: list[str], interactive: bool, dry_run: bool, **options) -> None:
        try:
            states = offer_states(slugs, offers=self.offers())
        except ValidationError as error:
            raise CommandError(" ".join(error.message_dict["slugs"])) from None
        if not states:
            self.stdout.write("No block type is offered.")
            return
        for state in states:
            self.stdout.write(self.describe(state))
        free = [state for state in states if state.state == FREE]
        names = ", ".join(state.offer.slug for state in free)
        if not free:
            self.stdout.write("Nothing to install.")
            return
        if dry_run:
            self.stdout.write(f"Would install: {names}.")
            return
        if interactive and not self.ask(f"Install {names}?"):
            self.stdout.write("Nothing installed.")
            return
        made = install_offers(free)
        self.stdout.write(
            self.style.SUCCESS(f"Installed: {', '.join(row.slug for row in made) or 'nothing'}.")
        )
