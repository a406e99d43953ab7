"""The picture library: uploaded pictures under a stable key, with their renditions."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PicturesConfig(AppConfig):
    name = "frontdesk.pictures"
    label = "pictures"
    verbose_name = _("Pictures")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from frontdesk.core.api import register_router
        from frontdesk.core.panel.sections import Section, register_section
        from frontdesk.pictures import api
        from frontdesk.pictures.mcp_tools import register_picture_tools

        register_router("/pictures", api.router)
        register_picture_tools()
        register_section(
            Section(
                key="pictures",
                label=_("Pictures"),
                icon="image",
                permission="core.pictures.manage",
                order=300,
                group=_("Content"),
                urlconf="frontdesk.pictures.panel.urls",
            )
        )
