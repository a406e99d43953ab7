"""The `frontdesk` command: Django's management commands with frontdesk's settings.

A configuration error prints one line naming the variable and exits with status 2,
instead of a traceback.
"""

from __future__ import annotations

import os
import sys


def main(argv: list[str] | None = None) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "frontdesk.settings")
    from django.core.exceptions import ImproperlyConfigured

    try:
        import django

        django.setup()
    except ImproperlyConfigured as error:
        sys.stderr.write(f"frontdesk: configuration error: {error}\n")
        raise SystemExit(2) from None

    from django.core.management import execute_from_command_line

    execute_from_command_line(["frontdesk", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    main()
