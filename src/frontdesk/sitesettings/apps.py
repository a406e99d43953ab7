"""The stored settings groups (SEO, Integrations) and their doors."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SiteSettingsConfig(AppConfig):
    name = "frontdesk.sitesettings"
    label = "sitesettings"
    verbose_name = _("Settings")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from frontdesk.core.api import register_router
        from frontdesk.core.demo import register_demo
        from frontdesk.core.panel.sections import Section, register_section
        from frontdesk.pictures.uses import PictureUse, register_picture_use
        from frontdesk.sitesettings import api, queries
        from frontdesk.sitesettings import demo as seo_demo
        from frontdesk.sitesettings.groups import register_host_groups
        from frontdesk.sitesettings.mcp_tools import register_settings_tools
        from frontdesk.sitesettings.pictures import settings_using

        register_router("/settings", api.router)
        register_settings_tools()
        register_host_groups()
        # A picture setting (the SEO group's default social image) is a place pictures are used.
        register_picture_use(
            PictureUse(
                name="core.settings",
                label=_("Settings"),
                find=settings_using,
                permission=queries.PERMISSION,
                scope=queries.READ_SCOPE,
            )
        )
        register_demo("seo", seed=seo_demo.seed, remove=seo_demo.remove)
        register_section(
            Section(
                key="settings",
                label=_("Settings"),
                icon="sliders",
                permission="core.settings.manage",
                order=930,
                group=_("Settings"),
                urlconf="frontdesk.sitesettings.panel.urls",
            )
        )
