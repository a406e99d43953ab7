"""`frontdesk demo`: seed every app's demo content and the demo administrator; `--remove` undoes it."""

from __future__ import annotations

from django.core.management.base import BaseCommand
from django.db import transaction

from frontdesk.core.accounts import ensure_admin
from frontdesk.core.demo import demo_contents

DEMO_ADMIN = "admin@example.com"


class Command(BaseCommand):
    help = "Seed demo content and a demo administrator (idempotent); --remove takes the content out."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--remove", action="store_true")
        parser.add_argument("--email", default=DEMO_ADMIN)
        parser.add_argument("--password", help="Demo admin password (default: a new one is generated).")

    def handle(self, *args, remove: bool, email: str, password: str | None, **options) -> None:
        contents = demo_contents()
        if remove:
            for content in reversed(contents):
                with transaction.atomic():
                    self.stdout.write(f"{content.name}: {content.remove()}")
            return
        for content in contents:
            with transaction.atomic():
                self.stdout.write(f"{content.name}: {content.seed()}")
        admin, _created, generated = ensure_admin(
            email, password=password or None, display_name="Demo admin", reset=True
        )
        self.stdout.write(self.style.SUCCESS("Demo administrator"))
        self.stdout.write(f"  login:    {admin.email}")
        self.stdout.write(f"  password: {generated or password}")
