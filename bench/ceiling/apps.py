"""App config for the bench-only ceiling app."""

from django.apps import AppConfig


class CeilingConfig(AppConfig):
    name = "bench.ceiling"
    label = "bench_ceiling"
    default_auto_field = "django.db.models.BigAutoField"
