"""`frontdesk routes-rebuild --type <type> [--type ...] [--dry-run]`: addresses anew from the
types' current prefix and slugs, with a progress bar; the former addresses answer 301."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from rich.progress import Progress

from frontdesk.routes.rebuild import holders, rebuild_routes
from frontdesk.routes.registry import ROUTE_TYPES


class Command(BaseCommand):
    help = "Compute the addresses of the named route types again from their current prefix and slugs."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--type", dest="types", action="append", required=True, metavar="TYPE", help="A route type."
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="Report what would change; change nothing."
        )

    def handle(self, *args, types: list[str], dry_run: bool, **options) -> None:
        unknown = [name for name in types if name not in ROUTE_TYPES]
        if unknown:
            known = ", ".join(ROUTE_TYPES.names()) or "none"
            raise CommandError(f"Unknown route type: {', '.join(unknown)}. The route types are: {known}.")
        names = list(dict.fromkeys(types))
        total = sum(holders(ROUTE_TYPES[name]) for name in names)
        with Progress(disable=not total or options["verbosity"] == 0, transient=True) as bar:
            task = bar.add_task("Rebuilding addresses", total=total)
            result = rebuild_routes(names, dry_run=dry_run, progress=lambda: bar.advance(task))
        verb = "Would change" if dry_run else "Changed"
        self.stdout.write(
            f"{verb} {result.moved} addresses of {result.objects} objects ({', '.join(names)})."
        )
        for type_name, object_id, messages in result.refused:
            self.stderr.write(f"Refused: {type_name} {object_id}: {' '.join(messages)}")
        if result.refused:
            raise CommandError(f"{len(result.refused)} objects keep their former addresses; see above.")
