"""The host application: accounts, tokens, the log, notes, the bin, the panel shell, the API root,
the MCP server, serving and mail. The features the host offers every module are apps of their
own (frontdesk.pictures, .richtext, .routes, .sitesettings, .publishing, .categories)."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    name = "frontdesk.core"
    label = "core"
    verbose_name = _("Host")

    def ready(self) -> None:

        from frontdesk.core import checks  # noqa: F401  (registers the system checks)
        from frontdesk.core.api import accounts, me, register_router
        from frontdesk.core.api import notes as notes_api
        from frontdesk.core.mcp.core_tools import register_core_tools
        from frontdesk.core.panel.sections import Section, register_section

        register_router("/me", me.router)
        register_router("/entities", notes_api.router)
        register_router("/accounts", accounts.router)
        register_core_tools()
        register_section(
            Section(
                key="profile",
                label=_("My account"),
                icon="user",
                order=900,
                group=_("Settings"),
                urlconf="frontdesk.core.panel.profile_urls",
            )
        )
        register_section(
            Section(
                key="accounts",
                label=_("Accounts"),
                icon="users",
                permission="core.accounts.manage",
                order=910,
                group=_("Settings"),
                urlconf="frontdesk.core.panel.accounts_urls",
            )
        )
        register_section(
            Section(
                key="tokens",
                label=_("Agent tokens"),
                icon="key",
                permission="core.tokens.manage",
                order=920,
                group=_("Settings"),
                urlconf="frontdesk.core.panel.tokens_urls",
            )
        )
        register_section(
            Section(
                key="design",
                label=_("Style guide"),
                icon="palette",
                # Nobody holds it by default, so superusers alone see it unless granted.
                permission="core.design.view",
                order=990,
                group=_("Settings"),
                urlconf="frontdesk.core.panel.design_urls",
            )
        )
