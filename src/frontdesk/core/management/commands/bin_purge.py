"""`frontdesk bin_purge [--days N] [--type T ...] [--dry-run]`: delete for good what has been in
the bin for longer than N days, with a progress bar, naming each row it deletes (or would)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from rich.progress import Progress

from frontdesk.core.bin.operations import purge, purge_plan

DEFAULT_DAYS = 30


class Command(BaseCommand):
    help = "Delete for good what has been in the bin for longer than --days (30 by default)."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--days", type=int, default=DEFAULT_DAYS, help="Age in the bin, in days (default 30)."
        )
        parser.add_argument(
            "--type", action="append", dest="types", metavar="TYPE", help="Only this kind (e.g. inbox.field)."
        )
        parser.add_argument("--dry-run", action="store_true", help="Say what would go; delete nothing.")

    def handle(self, *args, days: int, types: list[str] | None, dry_run: bool, **options) -> None:
        try:
            plan = purge_plan(days, types)
        except ValidationError as error:
            raise CommandError(
                " ".join(message for messages in error.message_dict.values() for message in messages)
            ) from None
        total = sum(1 for _row in plan.due())
        verb = "Would delete" if dry_run else "Deleted"
        named: list[str] = []
        with Progress(disable=not total or options["verbosity"] == 0, transient=True) as bar:
            task = bar.add_task("Emptying the bin", total=total)

            def done(bin_type, row, name) -> None:
                named.append(f"  {bin_type.name} {row.pk}: {name}")
                bar.advance(task)

            counts = purge(plan, dry_run=dry_run, progress=done)
        if options["verbosity"] > 0:
            for line in named:
                self.stdout.write(line)
        summary = ", ".join(f"{count} {name}" for name, count in counts.items()) or "nothing"
        self.stdout.write(
            f"{verb} {sum(counts.values())} rows in the bin for more than {days} days ({summary})."
        )
