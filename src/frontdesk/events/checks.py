"""System checks for the events' configuration (events/conf.py), so a site with a setting the
service cannot work with does not start: an empty prefix or one the site cannot give away, a
currency that is not an ISO 4217 code, fewer than one event per page, a view, layout or
middleware that names nothing."""

from __future__ import annotations

from babel.numbers import is_currency
from django.core import checks
from django.utils.module_loading import import_string

from frontdesk.events.conf import events_settings
from frontdesk.routes.checks import prefix_problems


@checks.register()
def check_prefix(app_configs=None, **kwargs):
    return prefix_problems(
        "events",
        events_settings()["prefix"],
        variable="FRONTDESK_EVENTS_PREFIX",
        ids=("frontdesk.E120", "frontdesk.E121"),
    )


@checks.register()
def check_listing(app_configs=None, **kwargs):
    found = []
    per_page = events_settings()["per-page"]
    if isinstance(per_page, bool) or not isinstance(per_page, int) or per_page < 1:
        found.append(
            checks.Error(
                f'FRONTDESK["events"]["per-page"] is {per_page!r}: give a whole number of events of 1 or more.',
                hint="Set FRONTDESK_EVENTS_PER_PAGE, or leave it unset for 24.",
                id="frontdesk.E122",
            )
        )
    currency = events_settings()["currency"]
    if currency and not (isinstance(currency, str) and currency.isupper() and is_currency(currency)):
        found.append(
            checks.Error(
                f'FRONTDESK["events"]["currency"] is {currency!r}, not an ISO 4217 code such as EUR or USD.',
                hint="Set FRONTDESK_EVENTS_CURRENCY to a code, or leave it empty for no price in the markup.",
                id="frontdesk.E123",
            )
        )
    return found


@checks.register()
def check_middleware(app_configs=None, **kwargs):
    found = []
    names = events_settings()["middleware"]
    if not isinstance(names, list | tuple) or not all(isinstance(name, str) for name in names):
        return [
            checks.Error(
                f'FRONTDESK["events"]["middleware"] is {names!r}: give a list of dotted paths.',
                id="frontdesk.E124",
            )
        ]
    for name in names:
        try:
            import_string(name)
        except ImportError as error:
            found.append(
                checks.Error(
                    f'FRONTDESK["events"]["middleware"] names {name!r}, which cannot be imported ({error}).',
                    id="frontdesk.E124",
                )
            )
    return found
