"""The category row every category type shares: which type it belongs to, its name per language,
the shown flag, its place in its type's order, the project fields in `extra`, and the bin. A type
with addresses also fills `slug`, `introduction` (rich text), `cover` (a picture of the library)
and `seo` (the SEO card)."""

from __future__ import annotations

from django.db import models
from django.db.models import Max
from django.utils.translation import gettext_lazy as _

from frontdesk.core.bin.models import Binnable
from frontdesk.core.fields import TranslatedField
from frontdesk.core.languages import translate
from frontdesk.publishing.seo_card import SeoCardField


class Category(Binnable):
    type = models.CharField(_("type"), max_length=64)
    name = TranslatedField(_("name"), required=True)
    # Events call it "on-site": a hidden category may still be picked, but is never shown as a
    # filter or a page.
    is_shown = models.BooleanField(_("shown"), default=True)
    position = models.PositiveIntegerField(_("position"), default=0)
    slug = TranslatedField(_("address"))
    # Rich text per language (richtext), for a type with addresses.
    introduction = TranslatedField(_("introduction"))
    cover = models.CharField(_("cover"), max_length=32, blank=True, default="")
    seo = SeoCardField()
    extra = models.JSONField(_("project fields"), default=dict, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("changed"), auto_now=True)

    class Meta:
        # The table it had in core, before the split (issue 26): a site upgrades in place.
        db_table = "core_category"
        verbose_name = _("category")
        verbose_name_plural = _("categories")
        # Every list reads one type in its order: the type's rows, by position then id.
        indexes = [models.Index(fields=["type", "position", "id"], name="core_category_order")]

    def __str__(self) -> str:
        return translate(self.name) or f"#{self.pk}"


def next_position(type_name: str) -> int:
    """The position after the last of the type's categories outside the bin."""
    last = Category.objects.filter(type=type_name).aggregate(last=Max("position"))["last"]
    return (last or 0) + 1
