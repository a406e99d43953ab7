"""`frontdesk createadmin --email ... [--password ...]`: idempotent; prints the login."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.core.validators import validate_email

from frontdesk.core.accounts import ensure_admin


class Command(BaseCommand):
    help = "Create an administrator, or make an existing account one (idempotent)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--email", required=True)
        parser.add_argument("--password", help="Set this password (default: keep it, or generate one).")
        parser.add_argument("--name", default="", help="Display name.")

    def handle(self, *args, email: str, password: str | None, name: str, **options) -> None:
        try:
            validate_email(email)
        except ValidationError:
            raise CommandError(f"{email!r} is not an e-mail address.") from None
        admin, created, generated = ensure_admin(email, password=password, display_name=name)
        verb = "Created" if created else "Updated"
        self.stdout.write(f"{verb} administrator {admin.email}")
        if generated:
            self.stdout.write(f"  password: {generated}")
        elif password:
            self.stdout.write("  password: (as given)")
