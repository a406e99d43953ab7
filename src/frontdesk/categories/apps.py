"""The shared categories every module's category types store."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CategoriesConfig(AppConfig):
    name = "frontdesk.categories"
    label = "categories"
    verbose_name = _("Categories")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from frontdesk.categories.panel import category_edit_url
        from frontdesk.categories.queries import category_permission
        from frontdesk.publishing.page_cache import watch_app
        from frontdesk.publishing.seo_card import register_seo_card_pictures
        from frontdesk.richtext.uses import register_rich_text_pictures

        watch_app(self.label)  # the public pages print categories (publishing/page_cache.py)
        # A category's cover, the pictures of its introduction and its SEO card's image.
        register_rich_text_pictures(
            "core.categories",
            "categories.Category",
            label=_("Categories"),
            fields=["introduction"],
            keys=["cover"],
            url=category_edit_url,
            order_by=["type", "position", "pk"],
            permission=category_permission,
        )
        register_seo_card_pictures(
            "core.categories.seo",
            "categories.Category",
            label=_("Category SEO cards"),
            url=category_edit_url,
            permission=category_permission,
        )
