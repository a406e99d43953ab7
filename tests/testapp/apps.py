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
        # --- Routes (routes): an event and a category type sharing one prefix level.
        from frontdesk.routes.registry import RouteType, register_route_type
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
        # Outings (versions and their duplicate) hold addresses under a prefix of their own.
        register_route_type(
            RouteType(name="test-outing", model="testapp.Outing", field="slug", prefix=lambda: "outings",
                      view=views.outing)
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

        # --- Relations (publishing/relations.py): test events as a relation target of tours.
        from frontdesk.publishing.relations import RelationTarget, register_relation_target
        from tests.testapp import relations

        register_relation_target(
            RelationTarget(
                name="test-event", lookup_by_id=relations.cards, lookup_by_address=relations.at_address,
                card=relations.card, existing=relations.existing, label="event",
            )
        )  # fmt: skip
        # --- Shared categories (categories): a FAQ-like and an events-like type, mounted.
        from tests.testapp import categories

        categories.register()

        # --- Versions (publishing/versions.py): the test model's API routes and agent tools.
        from tests.testapp import versions_doors

        versions_doors.register()
        # --- The versioned editor's pieces (publishing/editing.py): notices have an address under
        # the test prefix, so that a draft's new slug is held against the test events.
        register_route_type(
            RouteType(name="test-notice", model="testapp.Notice", field="slug", prefix=routes_prefix,
                      view=views.notice)
        )  # fmt: skip

        # --- Blocks (frontdesk.blocks), when installed: a holder, a collection, two codes.
        from django.apps import apps

        if apps.is_installed("frontdesk.blocks"):
            from tests.testapp import blocks

            blocks.register()
        # --- Draft preview (publishing/preview.py): notices, shown to accounts that may change them.
        from frontdesk.publishing.preview import PreviewType, register_preview_type

        register_preview_type(
            PreviewType(name="test.notice", model="testapp.Notice", permission="testapp.change_notice",
                        render=views.notice_preview)
        )  # fmt: skip
        register_preview_type(
            PreviewType(name="test.tour", model="testapp.Tour", permission="testapp.change_tour",
                        render=views.tour_preview)
        )  # fmt: skip
        # --- The picture library (pictures): posters use pictures as covers and in rich text.
        from frontdesk.pictures.uses import PictureUse, register_picture_use
        from tests.testapp.models import posters_using

        register_picture_use(
            PictureUse(
                name="test.poster", label="Posters", find=posters_using, permission="testapp.view_poster"
            )
        )
        # Albums' galleries too, drafts included.
        from frontdesk.pictures.gallery import register_gallery_pictures

        register_gallery_pictures(
            "test.album", "testapp.Album", field="photos", label="Albums", permission="testapp.view_album"
        )
        # --- The SEO card (publishing/seo_card.py): brochures' social images are pictures in use.
        from frontdesk.publishing.seo_card import register_seo_card_pictures

        register_seo_card_pictures(
            "test.brochure-seo", "testapp.Brochure", label="Brochures", permission="testapp.view_brochure"
        )
