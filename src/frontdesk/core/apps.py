"""The host application: accounts, languages, panel shell, API root, MCP server, notes."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    name = "frontdesk.core"
    label = "core"
    verbose_name = _("Host")

    def ready(self) -> None:
        from django.apps import apps

        from frontdesk.core import checks  # noqa: F401  (registers the system checks)
        from frontdesk.core.api import accounts, me, register_router
        from frontdesk.core.api import notes as notes_api
        from frontdesk.core.demo import register_demo
        from frontdesk.core.mcp.core_tools import register_core_tools
        from frontdesk.core.panel.sections import Section, register_section
        from frontdesk.pictures import api as pictures_api
        from frontdesk.pictures.mcp_tools import register_picture_tools
        from frontdesk.publishing.project_fields.types import register_built_in_types
        from frontdesk.publishing.versions import connect_versioned_models
        from frontdesk.routes.reserved import register_reserved_paths
        from frontdesk.routes.sitemap import home_addresses, register_sitemap_address
        from frontdesk.sitesettings import api as settings_api
        from frontdesk.sitesettings import demo as seo_demo
        from frontdesk.sitesettings.groups import register_host_groups
        from frontdesk.sitesettings.mcp_tools import register_settings_tools

        register_reserved_paths()
        register_sitemap_address("home", home_addresses)
        # Before any app's screen is registered: a screen's patches are checked against the types.
        register_built_in_types()
        connect_versioned_models(apps.get_models())
        register_router("/me", me.router)
        register_router("/entities", notes_api.router)
        register_router("/accounts", accounts.router)
        register_router("/settings", settings_api.router)
        register_router("/pictures", pictures_api.router)
        register_core_tools()
        register_settings_tools()
        register_picture_tools()
        register_host_groups()
        # A picture setting (the SEO group's default social image) is a place pictures are used.
        from frontdesk.pictures.uses import PictureUse, register_picture_use
        from frontdesk.sitesettings import operations as settings_operations
        from frontdesk.sitesettings.pictures import settings_using

        register_picture_use(
            PictureUse(
                name="core.settings",
                label=_("Settings"),
                find=settings_using,
                permission=settings_operations.PERMISSION,
                scope=settings_operations.READ_SCOPE,
            )
        )
        # A category's cover, the pictures of its introduction and its SEO card's image.
        from frontdesk.categories.panel import category_edit_url
        from frontdesk.categories.queries import category_permission
        from frontdesk.publishing.seo_card import register_seo_card_pictures
        from frontdesk.richtext.uses import register_rich_text_pictures

        register_rich_text_pictures(
            "core.categories",
            "categories.Category",
            label=_("Categories"),
            fields=["introduction"],
            keys=["cover"],
            url=category_edit_url,
            order_by=["type", "position", "pk"],
            permission=category_permission,
        )
        register_seo_card_pictures(
            "core.categories.seo",
            "categories.Category",
            label=_("Category SEO cards"),
            url=category_edit_url,
            permission=category_permission,
        )
        register_demo("seo", seed=seo_demo.seed, remove=seo_demo.remove)
        register_section(
            Section(
                key="pictures",
                label=_("Pictures"),
                icon="image",
                permission="core.pictures.manage",
                order=300,
                group=_("Content"),
                urlconf="frontdesk.pictures.panel_urls",
            )
        )
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
                key="settings",
                label=_("Settings"),
                icon="sliders",
                permission="core.settings.manage",
                order=930,
                group=_("Settings"),
                urlconf="frontdesk.sitesettings.panel_urls",
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
