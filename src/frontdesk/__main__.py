"""The `frontdesk` command: Django's management commands with frontdesk's settings.

A command may be written with hyphens (`frontdesk routes-rebuild`) or as Django names it
(`routes_rebuild`). A configuration error prints one line naming the variable and exits with status 2,
instead of a traceback. So does `--settings`: the settings are loaded before Django's own
command line is read, so the option could only be ignored; they come from the environment.
"""

from __future__ import annotations

import argparse
import os
import sys

SETTINGS_REFUSED = (
    "frontdesk: --settings is not taken: frontdesk reads its settings from the environment "
    "(the FRONTDESK_* variables, docs/configuration.md); for a settings module of your own, "
    "set DJANGO_SETTINGS_MODULE in the environment instead.\n"
)


def _names_settings(args: list[str]) -> bool:
    """Whether Django's command line would read a --settings option from `args`."""
    # The same partial parse as django.core.management.ManagementUtility.execute.
    parser = argparse.ArgumentParser(add_help=False, allow_abbrev=False, exit_on_error=False)
    parser.add_argument("--settings")
    parser.add_argument("args", nargs="*")
    try:
        options, _rest = parser.parse_known_args(args)
    except argparse.ArgumentError:  # "--settings" with no value
        return True
    return options.settings is not None


def _django_args(args: list[str]) -> list[str]:
    """`args` for Django's command line, with a command written with hyphens
    (`routes-rebuild`, as the docs write it) named as its module is (`routes_rebuild`)."""
    if args and not args[0].startswith("-"):
        return [args[0].replace("-", "_"), *args[1:]]
    return args


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if _names_settings(args):
        sys.stderr.write(SETTINGS_REFUSED)
        raise SystemExit(2)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "frontdesk.settings")
    from django.core.exceptions import ImproperlyConfigured

    try:
        import django

        django.setup()
    except ImproperlyConfigured as error:
        sys.stderr.write(f"frontdesk: configuration error: {error}\n")
        raise SystemExit(2) from None

    from django.core.management import execute_from_command_line

    execute_from_command_line(["frontdesk", *_django_args(args)])


if __name__ == "__main__":
    main()
