"""`frontdesk inbox_prune [--days N] [--dry-run]`: retention, with a progress bar and a summary."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from rich.progress import Progress

from frontdesk.inbox.operations.retention import MAX_AGE_DAYS, due_for_pruning, prune, prune_plan


class Command(BaseCommand):
    help = "Delete spam older than the spam age and everything older than the general age (0 = never)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--days", type=int, help="Use this age for spam and for everything else.")
        parser.add_argument("--dry-run", action="store_true", help="Count what would go; delete nothing.")

    def handle(self, *args, days: int | None, dry_run: bool, **options) -> None:
        if days is not None and not 0 <= days <= MAX_AGE_DAYS:
            raise CommandError(f"--days must be 0 (never) to {MAX_AGE_DAYS}.")
        plan = prune_plan(days)
        total = sum(1 for _pk in due_for_pruning(plan))
        verb = "Would delete" if dry_run else "Deleted"
        with Progress(disable=not total or options["verbosity"] == 0, transient=True) as bar:
            task = bar.add_task("Pruning submissions", total=total)
            counts = prune(plan, dry_run=dry_run, progress=lambda: bar.advance(task))
        self.stdout.write(
            f"{verb} {counts['spam'] + counts['other']} submissions "
            f"({counts['spam']} spam, {counts['other']} other). "
            f"Ages: spam {plan.spam_days or 'never'}, everything {plan.all_days or 'never'} (days)."
        )
