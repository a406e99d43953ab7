"""App config of the bench's Wagtail site."""

from django.apps import AppConfig


class WagtailSiteConfig(AppConfig):
    name = "bench.wagtail_site"
    label = "wagtail_site"
    default_auto_field = "django.db.models.BigAutoField"
