"""The inbox app: registers its panel section, API router, MCP tools and demo content."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class InboxConfig(AppConfig):
    name = "frontdesk.inbox"
    label = "inbox"
    verbose_name = _("Inbox")

    def ready(self) -> None:
        from frontdesk.core.demo import register_demo
        from frontdesk.inbox import (
            checks,  # noqa: F401  (registers the system checks)
            demo,
        )

        register_demo("inbox", seed=demo.seed, remove=demo.remove)
