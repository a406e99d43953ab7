"""`frontdesk events-publish-views [--into FOLDER] [--force]`: every events view (index, category,
event and its parts, the list fragment) copied into the site's templates folder, to edit there
(events/view_files.py)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from frontdesk.events.view_files import ViewsNotPublished, publish_views


class Command(BaseCommand):
    help = "Copy the events' views into the site's templates folder (FRONTDESK_TEMPLATES), to override them."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--into", type=Path, help="The folder (default: FRONTDESK_TEMPLATES).")
        parser.add_argument("--force", action="store_true", help="Overwrite views already there.")

    def handle(self, *args, into: Path | None, force: bool, **options) -> None:
        try:
            written = publish_views(into, force=force)
        except ViewsNotPublished as refused:
            raise CommandError(str(refused)) from refused
        for path in written:
            self.stdout.write(str(path))
        self.stdout.write(self.style.SUCCESS(f"{len(written)} views copied."))
