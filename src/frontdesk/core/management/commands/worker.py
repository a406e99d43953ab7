"""`frontdesk worker`: runs queued tasks (mail) when FRONTDESK_QUEUE=db."""

from __future__ import annotations

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Run queued tasks (needs FRONTDESK_QUEUE=db)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--batch", action="store_true", help="Run what is queued, then stop.")

    def handle(self, *args, batch: bool, **options) -> None:
        if settings.QUEUE != "db":
            raise CommandError("There is no queue: mail goes out inline. Set FRONTDESK_QUEUE=db to queue it.")
        call_command("db_worker", batch=batch)
