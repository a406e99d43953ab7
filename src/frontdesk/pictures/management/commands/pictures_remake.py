"""`frontdesk pictures_remake [--dry-run]`: every picture's original moved into the private storage
(where it is not yet) and its renditions made again, upright and without metadata, with a
progress bar. Run it once after upgrading a site whose originals lay in the media storage."""

from __future__ import annotations

from django.core.management.base import BaseCommand
from rich.progress import Progress

from frontdesk.pictures.models import Picture
from frontdesk.pictures.operations import remake_picture


class Command(BaseCommand):
    help = "Move picture originals into the private storage and make every picture's renditions again."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--dry-run", action="store_true", help="Count the pictures; change nothing.")

    def handle(self, *args, dry_run: bool, **options) -> None:
        rows = Picture.objects.order_by("pk")
        total = rows.count()
        if dry_run:
            self.stdout.write(f"Would remake {total} pictures.")
            return
        missing: list[str] = []
        with Progress(disable=not total or options["verbosity"] == 0, transient=True) as bar:
            task = bar.add_task("Remaking pictures", total=total)
            for picture in rows.iterator():
                if not remake_picture(picture):
                    missing.append(picture.key)
                bar.advance(task)
        self.stdout.write(f"Remade {total - len(missing)} pictures.")
        if missing:
            self.stdout.write(f"No original found for {len(missing)}: {', '.join(missing)}.")
