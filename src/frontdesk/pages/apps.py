"""The pages app: registers the page route type (listed in the sitemap), its bin type, its block
holder, its draft preview, the page editor's project-fields screen, the home page and menu hooks
of the site, the Pages section, the API router, the agent tools and the demo content."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PagesConfig(AppConfig):
    name = "frontdesk.pages"
    label = "pages"
    verbose_name = _("Pages")

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save

        from frontdesk.blocks.codes import register_block_code
        from frontdesk.blocks.holders import BlockHolder, register_block_holder
        from frontdesk.core.api import register_router
        from frontdesk.core.bin.registry import BinType, register_bin_type
        from frontdesk.core.demo import register_demo
        from frontdesk.core.panel.sections import Section, register_section
        from frontdesk.pages import demo, queries, site
        from frontdesk.pages.api import router
        from frontdesk.pages.mcp_tools import register_page_tools
        from frontdesk.pages.models import Page
        from frontdesk.pages.panel.screens import PAGE_EDITOR
        from frontdesk.pages.permissions import MANAGE, VIEW
        from frontdesk.pictures.uses import PictureUse, register_picture_use
        from frontdesk.publishing.navigation import forget_menu, register_home, register_menu
        from frontdesk.publishing.page_cache import watch_app
        from frontdesk.publishing.preview import PreviewType, register_preview_type
        from frontdesk.publishing.project_fields import register_screen
        from frontdesk.publishing.seo_card import register_seo_card_pictures
        from frontdesk.routes.models import Route
        from frontdesk.routes.registry import RouteType, register_route_type

        def editor_url(page: object) -> str:
            from django.urls import reverse

            return reverse("panel:panel-pages:editor", args=[page.pk])  # type: ignore[attr-defined]

        # Pages have no prefix: they stand at the site's root, under the language prefix.
        register_route_type(
            RouteType(
                name=queries.ROUTE_TYPE,
                model="pages.Page",
                field="slug",
                prefix=lambda: "",
                view=site.page_view,
                # The home page answers at `/` (the host's home address is in the sitemap).
                listed=lambda: queries.published().filter(is_home=False),
                modified="updated_at",
            )
        )
        register_bin_type(BinType(name="pages.page", model="pages.Page", permission=MANAGE))
        # Whoever may see the pages sees their drafts in the editor already (docs/host.md, "Pages").
        register_preview_type(
            PreviewType(name=queries.PREVIEW_TYPE, model="pages.Page", permission=VIEW, render=site.preview)
        )
        register_block_holder(BlockHolder(name="pages", label=_("Pages"), count=queries.pages_per_type))
        # A picture a page prints (a block's, published or drafted; its SEO card's) is in use.
        register_picture_use(
            PictureUse(name="pages", label=_("Pages"), find=queries.pages_using_picture, permission=VIEW)
        )
        register_seo_card_pictures(
            "pages.seo", "pages.Page", label=_("Page SEO cards"), url=editor_url, permission=VIEW
        )
        register_screen(PAGE_EDITOR)
        register_home("pages", site.home)
        register_menu("pages", site.menu)

        def forget_menu_on_change(sender: type, instance: Page | Route, **kwargs: object) -> None:
            """A page's row or one of its addresses was saved or deleted: the cached menu may
            show what it no longer is (a title, an address, a place, a state). Every write that
            changes the menu saves or deletes such a row, but the reordering, which writes its
            positions in bulk and calls forget_menu itself (operations/menu.py)."""
            if isinstance(instance, Page) or instance.type_name == queries.ROUTE_TYPE:
                forget_menu()

        # weak=False: the receiver is this function's own, and nothing else holds it.
        for model in (Page, Route):
            for signal in (post_save, post_delete):
                signal.connect(forget_menu_on_change, sender=model, weak=False, dispatch_uid="pages-menu")
        register_router("/pages", router)
        register_page_tools()
        register_block_code(demo.DemoPagesBlock())
        # After the content its pages show (the inbox's contact form, the services' pages).
        register_demo("pages", seed=demo.seed, remove=demo.remove, order=200)
        # The public pages kept in the cache print the menu and the page at a prefix (publishing/page_cache.py).
        watch_app(self.label)
        register_section(
            Section(
                key="pages",
                label=_("Pages"),
                icon="file",
                permission=VIEW,
                order=20,
                urlconf="frontdesk.pages.panel.urls",
            )
        )
