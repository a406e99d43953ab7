"""Public addresses: claims, former addresses with their 301, the rebuild, the sitemap."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RoutesConfig(AppConfig):
    name = "frontdesk.routes"
    label = "routes"
    verbose_name = _("Addresses")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from frontdesk.routes import checks  # noqa: F401  (registers the system check)
        from frontdesk.routes.reserved import register_reserved_paths
        from frontdesk.routes.sitemap import home_addresses, register_sitemap_address

        register_reserved_paths()
        register_sitemap_address("home", home_addresses)
