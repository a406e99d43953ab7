"""The events service: workshops and webinars with public pages, calendar files and schema.org
markup (docs/events.md). Optional (FRONTDESK_WITHOUT=events); the host imports nothing from here."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EventsConfig(AppConfig):
    name = "frontdesk.events"
    label = "events"
    verbose_name = _("Events")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from frontdesk.events import checks  # noqa: F401  (registers the system checks)
