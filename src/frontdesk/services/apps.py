"""The services app: registers its route type, bin, editing screen, relation target, picture
uses, panel section, API router, MCP tools and demo content. The host imports nothing from here."""

from django.apps import AppConfig
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class ServicesConfig(AppConfig):
    name = "frontdesk.services"
    label = "services"
    verbose_name = _("Services")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from frontdesk.core.api import register_router
        from frontdesk.core.bin.registry import BinType, register_bin_type
        from frontdesk.core.demo import register_demo
        from frontdesk.core.panel.sections import Section, register_section
        from frontdesk.publishing.page_cache import watch_app
        from frontdesk.publishing.project_fields import register_screen
        from frontdesk.publishing.relations import RelationTarget, register_relation_target
        from frontdesk.publishing.seo_card import register_seo_card_pictures
        from frontdesk.richtext.uses import register_rich_text_pictures
        from frontdesk.routes.registry import RouteType, register_route_type
        from frontdesk.services import (
            checks,  # noqa: F401  (registers the system checks)
            demo,
            outputs,
            queries,
        )
        from frontdesk.services.api import router
        from frontdesk.services.conf import services_prefix
        from frontdesk.services.mcp_tools import register_services_tools
        from frontdesk.services.panel.screens import SERVICE_FORM
        from frontdesk.services.permissions import MANAGE, VIEW
        from frontdesk.services.site import service_page

        # /services/<slug> per language; the sitemap names the visible ones outside the bin.
        register_route_type(
            RouteType(
                name=queries.ROUTE_TYPE,
                model="services.Service",
                field="slug",
                prefix=services_prefix,
                view=service_page,
                listed=queries.published,
                modified="updated_at",
            )
        )
        register_bin_type(BinType(name="services.service", model="services.Service", permission=MANAGE))
        register_screen(SERVICE_FORM)
        register_relation_target(
            RelationTarget(
                name="service",
                lookup_by_id=outputs.published_cards,
                lookup_by_address=queries.service_at,
                card=outputs.service_card,
                existing=outputs.existing_ids,
                label=_("service"),
                choices=lambda: [(service.pk, str(service)) for service in queries.in_order()],
                permission=VIEW,
            )
        )
        # A picture a service shows (its cover, in its description, on its SEO card) is in use.
        register_rich_text_pictures(
            "services",
            "services.Service",
            label=_("Services"),
            fields=["description"],
            keys=["cover"],
            url=lambda service: reverse("panel:panel-services:edit", args=[service.pk]),
            order_by=["position", "pk"],
            permission=VIEW,
        )
        register_seo_card_pictures(
            "services.seo",
            "services.Service",
            label=_("Service SEO cards"),
            url=lambda service: reverse("panel:panel-services:edit", args=[service.pk]),
            permission=VIEW,
        )
        register_router("/services", router)
        register_services_tools()
        register_demo("services", seed=demo.seed, remove=demo.remove, pages=demo.pages)
        # The public pages kept in the cache print an event's services (publishing/page_cache.py).
        watch_app(self.label)
        register_section(
            Section(
                key="services",
                label=_("Services"),
                icon="square",
                permission=VIEW,
                order=30,
                urlconf="frontdesk.services.panel.urls",
            )
        )
