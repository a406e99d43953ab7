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
        from tests.testapp.models import RoutedEvent

        # Events are in the sitemap with their last change; categories are not listed.
        register_route_type(
            RouteType(
                name="test-event", model="testapp.RoutedEvent", field="slug", prefix=routes_prefix,
                view=views.routed_event, listed=RoutedEvent.objects.all, modified="changed_at",
            )
        )  # fmt: skip
        register_route_type(
            RouteType(
                name="test-event-category", model="testapp.RoutedCategory", field="slug",
                prefix=routes_prefix, view=views.routed_category,
            )
        )  # fmt: skip
        # --- end of Routes

        # --- The bin (core/bin): crates, which also hold an address under the test prefix.
        from frontdesk.core.bin.registry import BinType, register_bin_type
        from tests.testapp.models import Crate, refuse_crate_restore

        register_bin_type(
            BinType(name="test.crate", model="testapp.Crate", permission="testapp.delete_crate",
                    refuse_restore=refuse_crate_restore)
        )  # fmt: skip
        register_route_type(
            RouteType(
                name="test-crate",
                model="testapp.Crate",
                field="slug",
                prefix=routes_prefix,
                view=views.crate,
                listed=Crate.objects.all,  # the default manager leaves out the bin
            )
        )

        # --- Versions (core/versions.py): the test model's API routes and agent tools.
        from tests.testapp import versions_doors

        versions_doors.register()

        # --- The picture library (core/pictures): posters use pictures as covers and in rich text.
        from frontdesk.core.pictures.uses import PictureUse, register_picture_use
        from tests.testapp.models import posters_using

        register_picture_use(PictureUse(name="test.poster", label="Posters", find=posters_using))
