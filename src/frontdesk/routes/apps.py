"""Public addresses: claims, former addresses with their 301, the rebuild, the sitemap."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RoutesConfig(AppConfig):
    name = "frontdesk.routes"
    label = "routes"
    verbose_name = _("Addresses")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from frontdesk.core.bin.registry import BinHooks, register_bin_hooks
        from frontdesk.routes import checks  # noqa: F401  (registers the system check)
        from frontdesk.routes.claims import forget_routes, reclaim_routes, release_routes
        from frontdesk.routes.reserved import register_reserved_paths
        from frontdesk.routes.sitemap import home_addresses, register_sitemap_address

        register_reserved_paths()
        register_sitemap_address("home", home_addresses)
        # A row in the bin gives up its addresses, claims them again on restore, and loses them
        # when purged (core/bin/operations.py).
        register_bin_hooks(
            "routes", BinHooks(binned=release_routes, restored=reclaim_routes, purged=forget_routes)
        )
