"""Models the tests of the host's helpers use. The app has no migrations: the test database
creates its tables from the models (Django's test runner syncs apps without migrations)."""

from django.apps import AppConfig
from django.conf import settings


def routes_prefix() -> str:
    """The test route types' prefix; a test changes it with override_settings."""
    return getattr(settings, "TESTAPP_ROUTES_PREFIX", "happenings")


class TestAppConfig(AppConfig):
    name = "tests.testapp"
    label = "testapp"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # --- Routes (core/routes): an event and a category type sharing one prefix level.
        from frontdesk.core.routes.registry import RouteType, register_route_type
        from tests.testapp import views

        for name, model, view in (
            ("test-event", "testapp.RoutedEvent", views.routed_event),
            ("test-event-category", "testapp.RoutedCategory", views.routed_category),
        ):
            register_route_type(
                RouteType(name=name, model=model, field="slug", prefix=routes_prefix, view=view)
            )
        # --- end of Routes

        # --- Versions (core/versions.py): the test model's API routes and agent tools.
        from tests.testapp import versions_doors

        versions_doors.register()
