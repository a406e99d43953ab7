"""The events service: workshops and webinars with public pages, calendar files and schema.org
markup (docs/events.md). Optional (FRONTDESK_WITHOUT=events); the host imports nothing from here.

`ready()` registers what the host's helpers need: the route type `event` and the category type
`events` (its route type `event-category`, both under the events' prefix, so an event and a
category refuse each other's slug), the bin type, the editor's project-fields screen
(`events.form`; the category type registers `events.category-form`), the places pictures are
used (photos, description, SEO card), the relation target `event`, the index's sitemap line and
the demo content."""

from typing import cast

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext


def _in_use(category: object, count: int) -> str:
    """The refusal of binning a category that events hold (as their saved values say)."""
    return ngettext(
        "The category %(name)s holds %(count)d event; take it out of the category first.",
        "The category %(name)s holds %(count)d events; take them out of the category first.",
        count,
    ) % {"name": category, "count": count}


class EventsConfig(AppConfig):
    name = "frontdesk.events"
    label = "events"
    verbose_name = _("Events")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from frontdesk.categories.api import category_router
        from frontdesk.categories.types import CategoryType, register_category_type
        from frontdesk.core.api import register_router
        from frontdesk.core.bin.registry import BinType, register_bin_type
        from frontdesk.core.demo import register_demo
        from frontdesk.core.view_middleware import with_middleware
        from frontdesk.events import (
            checks,  # noqa: F401  (registers the system checks)
            demo,
            outputs,
            queries,
            site,
        )
        from frontdesk.events.api import router
        from frontdesk.events.conf import events_prefix, events_settings
        from frontdesk.events.mcp_tools import register_event_tools
        from frontdesk.events.models import CATEGORY_TYPE, Event
        from frontdesk.events.panel import register_sections
        from frontdesk.events.panel.screens import EVENT_FORM
        from frontdesk.events.permissions import MANAGE, MANAGE_CATEGORIES, VIEW
        from frontdesk.pictures.gallery import register_gallery_pictures
        from frontdesk.publishing.page_cache import watch_app
        from frontdesk.publishing.preview import PreviewType, register_preview_type
        from frontdesk.publishing.project_fields import register_screen
        from frontdesk.publishing.relations import RelationTarget, register_relation_target, relation_counts
        from frontdesk.publishing.seo_card import register_seo_card_pictures
        from frontdesk.richtext.uses import register_rich_text_pictures
        from frontdesk.routes.public_urls import PublicUrls, register_public_urls
        from frontdesk.routes.registry import RouteType, register_reserved_path, register_route_type
        from frontdesk.routes.sitemap import register_sitemap_address

        # The `middleware` key: run on the events' public routes (these pages and the module's
        # own patterns below) and on no other.
        def middleware() -> list[str]:
            return list(events_settings()["middleware"] or [])

        # /<prefix>/<slug> per language; the sitemap names the published ones outside the bin,
        # to come and over, dated or not.
        register_route_type(
            RouteType(
                name=queries.ROUTE_TYPE,
                model="events.Event",
                field="slug",
                prefix=events_prefix,
                view=with_middleware(
                    lambda request, event: site.event_page(request, cast(Event, event)), middleware
                ),
                listed=queries.published,
                # The page reads the row with the one rule of "over" (and only published rows).
                rows=queries.with_over,
                modified="updated_at",
            )
        )
        # Categories with addresses at the events' level (/<prefix>/<category_slug>).
        register_category_type(
            CategoryType(
                name=CATEGORY_TYPE,
                label=_("Event categories"),
                permission=MANAGE_CATEGORIES,
                count_items=lambda ids: relation_counts(Event, "categories", ids),
                screen="events.category-form",
                named_by=("id", "slug"),
                prefix=events_prefix,
                view=with_middleware(
                    lambda request, category: site.category_page(request, category), middleware
                ),
                route_type=queries.CATEGORY_ROUTE_TYPE,
                in_use=_in_use,
            )
        )
        # The index at /<prefix> (events:index) while `index` is on; the path kept exactly from
        # every object's address meanwhile, so a page cannot claim it and be hidden.
        register_public_urls(PublicUrls(name="events", patterns=site.urlpatterns, middleware=middleware))
        register_reserved_path("events-index", site.index_path, exact=True)
        register_sitemap_address("events-index", site.index_addresses)
        register_bin_type(BinType(name="events.event", model="events.Event", permission=MANAGE))
        register_screen(EVENT_FORM)
        register_relation_target(
            RelationTarget(
                name=queries.RELATION_TARGET,
                lookup_by_id=outputs.published_cards,
                lookup_by_address=queries.event_at,
                card=outputs.event_card,
                existing=outputs.existing_ids,
                label=_("event"),
            )
        )
        # A picture an event shows (a photo, in its description, on its SEO card), published or
        # waiting in a draft, is in use and refuses deletion.
        register_gallery_pictures(
            "events.photos", "events.Event", field="photos", label=_("Event photos"), permission=VIEW
        )
        register_rich_text_pictures(
            "events", "events.Event", label=_("Events"), fields=["description"], permission=VIEW
        )
        register_seo_card_pictures("events.seo", "events.Event", label=_("Event SEO cards"), permission=VIEW)
        register_preview_type(
            PreviewType(
                name=queries.PREVIEW_TYPE, model="events.Event", permission=VIEW, render=site.event_preview
            )
        )
        # The categories first: /events/{event} would take /events/categories (an id that is not
        # one answers 404) if it were mounted before.
        register_router("/events/categories", category_router(CATEGORY_TYPE, pick_permission=VIEW))
        register_router("/events", router)
        register_demo("events", seed=demo.seed, remove=demo.remove, pages=demo.pages)
        # The public pages kept in the cache print its own public pages (publishing/page_cache.py).
        watch_app(self.label)
        register_event_tools()  # the agent tools, the event categories' tools and events://catalog
        register_sections()
