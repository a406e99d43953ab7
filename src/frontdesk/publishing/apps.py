"""What a published object needs: versions, the preview, the SEO card, the head, project fields,
relations and navigation."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PublishingConfig(AppConfig):
    name = "frontdesk.publishing"
    label = "publishing"
    verbose_name = _("Publishing")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.apps import apps

        from frontdesk.publishing import checks  # noqa: F401  (registers the system check)
        from frontdesk.publishing.models import PublicEdition
        from frontdesk.publishing.page_cache import watch_app
        from frontdesk.publishing.project_fields.types import register_built_in_types
        from frontdesk.publishing.versions import connect_versioned_models

        # Before any later app's screen is registered (INSTALLED_APPS puts this app before the
        # categories and the modules): a screen's patches are checked against the types.
        register_built_in_types()
        connect_versioned_models(apps.get_models())
        # What every public page may print (publishing/page_cache.py): the SEO cards and relations
        # kept here, and the host apps below this one: pictures, addresses, settings groups.
        watch_app("publishing", leaving_out=(PublicEdition,))
        for host_app in ("pictures", "routes", "sitesettings"):
            watch_app(host_app)
