"""Models the tests of the host's helpers use. Its migrations run after the host's, as an app's
do (a crate refers to an account, so its table cannot be made before core's)."""

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

        # --- The bin (core/bin): crates, which also hold an address under the test prefix.
        from frontdesk.core.bin.registry import BinType, register_bin_type
        from tests.testapp.models import refuse_crate_restore

        register_bin_type(
            BinType(name="test.crate", model="testapp.Crate", permission="testapp.delete_crate",
                    refuse_restore=refuse_crate_restore)
        )  # fmt: skip
        register_route_type(
            RouteType(
                name="test-crate", model="testapp.Crate", field="slug", prefix=routes_prefix, view=views.crate
            )
        )

        # --- Versions (core/versions.py): the test model's API routes and agent tools.
        from tests.testapp import versions_doors

        versions_doors.register()
