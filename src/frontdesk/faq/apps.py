"""The FAQ app: registers its category type (the host's shared categories, without addresses),
its bin, its editing screen, and the doors (API, tools, panel, block, demo). The host imports
nothing from here."""

from functools import partial

from django.apps import AppConfig
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext


def _in_use(category, count: int) -> str:
    return ngettext(
        "The category %(name)s holds %(count)d question; take it out of the category first.",
        "The category %(name)s holds %(count)d questions; take them out of the category first.",
        count,
    ) % {"name": category, "count": count}


class FaqConfig(AppConfig):
    name = "frontdesk.faq"
    label = "faq"
    verbose_name = _("FAQ")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.apps import apps

        from frontdesk.categories.api import category_router
        from frontdesk.categories.types import CategoryType, register_category_type
        from frontdesk.core.api import register_router
        from frontdesk.core.bin.registry import BinType, register_bin_type
        from frontdesk.faq import queries
        from frontdesk.faq.api import router
        from frontdesk.faq.mcp_tools import register_faq_tools
        from frontdesk.faq.panel import register_sections
        from frontdesk.faq.panel.screens import CATEGORY_TYPE, FAQ_CATEGORY_FORM, FAQ_FORM
        from frontdesk.faq.permissions import MANAGE, MANAGE_CATEGORIES, VIEW
        from frontdesk.publishing.project_fields import register_screen
        from frontdesk.richtext.uses import register_rich_text_pictures

        register_category_type(
            CategoryType(
                name=CATEGORY_TYPE,
                label=_("Categories"),
                permission=MANAGE_CATEGORIES,
                count_items=queries.questions_per_category,
                screen=FAQ_CATEGORY_FORM,
                in_use=_in_use,
            )
        )
        register_bin_type(BinType(name="faq.question", model="faq.Question", permission=MANAGE))
        # A picture shown in an answer is in use there (binned questions too: a restore brings it back).
        register_rich_text_pictures(
            "faq.answers",
            "faq.Question",
            label=_("FAQ answers"),
            fields=["answer"],
            url=lambda question: reverse("panel:panel-faq-questions:edit", args=[question.pk]),
            order_by=["position", "pk"],
            permission=VIEW,  # an answer's question is named only to faq.view (pictures/uses.py)
        )
        register_screen(FAQ_FORM)
        register_router("/faq", router)
        # Editors read the picker with faq.view: they pick a question's categories and filter by them.
        register_router("/faq/categories", category_router(CATEGORY_TYPE, pick_permission=VIEW))
        register_faq_tools()
        register_sections()
        # The FAQ reaches the site only through its block; it is removed with the block system
        # anyway (settings.OPTIONAL_APPS), and imports it only when it is there.
        if apps.is_installed("frontdesk.blocks"):
            from frontdesk.faq import collection

            collection.register()
        _register_demo()


def _register_demo() -> None:
    from django.apps import apps

    from frontdesk.core.demo import register_demo
    from frontdesk.faq import demo

    # The FAQ's demo pages are made through the pages demo's door, when pages are there.
    site_pages = None
    if apps.is_installed("frontdesk.pages"):
        from frontdesk.pages.demo import DemoPages

        site_pages = DemoPages(demo=demo.DEMO)
    # After the pages' demo (200), so the FAQ page comes after the demo pages in the menu.
    register_demo(
        "faq",
        seed=partial(demo.seed, site_pages),
        remove=partial(demo.remove, site_pages),
        pages=partial(demo.pages, site_pages),
        order=300,
    )
