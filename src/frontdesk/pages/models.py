"""A page: a title, a slug and block content per language, its SEO card (versioned: edits to a
published page wait in its draft until Publish), its project fields, where it stands on the site
(the home page, the menu and its place there), and the bin. `Access` holds the Pages section's permissions."""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.core.validators import validate_unicode_slug
from django.db import models
from django.utils.translation import gettext_lazy as _

from frontdesk.core.bin.models import Binnable
from frontdesk.core.fields import AtMost, TranslatedField
from frontdesk.core.languages import default_language, site_language_codes, translate
from frontdesk.core.limits import MAX_TITLE_LENGTH
from frontdesk.pages.permissions import MANAGE
from frontdesk.publishing.models import Versioned
from frontdesk.publishing.seo_card import SeoCardField

SLUG_MAX_LENGTH = 200
SEGMENT = re.compile(r"^[-\w]+$")


def validate_slugs(value: object) -> None:
    """Each language's slug is one or more lowercase segments (letters of any script, digits, '-'
    and '_') joined by '/', at most 200 characters; the default language's is required."""
    if not isinstance(value, dict):
        return  # TranslatedField's own validation says so
    if not value.get(default_language()):
        raise ValidationError(_("Give the page an address in the site's default language."), code="required")
    for text in value.values():
        if not isinstance(text, str):
            continue
        segments = text.split("/")
        if (
            len(text) > SLUG_MAX_LENGTH
            or text != text.lower()
            or not all(segment and SEGMENT.match(segment) for segment in segments)
        ):
            raise ValidationError(
                _(
                    "An address is lowercase letters, digits, '-' and '_', in parts joined by '/',"
                    " at most %(limit)d characters: %(slug)s"
                ),
                code="invalid",
                params={"slug": text, "limit": SLUG_MAX_LENGTH},
            )
        for segment in segments:
            validate_unicode_slug(segment)


def validate_content(value: object) -> None:
    """The stored shape: {language: [block, ...]} for site languages; the blocks themselves are
    judged by frontdesk.blocks.content.clean_content in the operations."""
    if not isinstance(value, dict):
        raise ValidationError(_("Give the content as an object of block lists by language."), code="invalid")
    unknown = sorted(set(value) - set(site_language_codes()))
    if unknown:
        raise ValidationError(
            _("Unknown language: %(codes)s."), code="unknown_language", params={"codes": ", ".join(unknown)}
        )
    if any(not isinstance(blocks, list) for blocks in value.values()):
        raise ValidationError(_("Give each language's blocks as a list."), code="invalid")


class Page(Versioned, Binnable):
    versioned_fields = ("title", "slug", "content", "extra", "seo")
    edit_permission = MANAGE

    # The menu prints every title on every page: bounded as a service's is.
    title = TranslatedField(_("title"), required=True, validators=[AtMost(MAX_TITLE_LENGTH)])
    slug = TranslatedField(_("address"), required=True, validators=[validate_slugs])
    content = models.JSONField(_("content"), default=dict, blank=True, validators=[validate_content])
    extra = models.JSONField(_("project fields"), default=dict, blank=True)
    seo = SeoCardField()
    # Where the page stands on the site: not drafted (docs/host.md, "Pages").
    is_home = models.BooleanField(_("home page"), default=False)
    in_menu = models.BooleanField(_("in the menu"), default=False)
    menu_position = models.PositiveIntegerField(_("place in the menu"), default=0)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("changed"), auto_now=True)

    class Meta:
        verbose_name = _("page")
        verbose_name_plural = _("pages")
        ordering = ["id"]
        indexes = [models.Index(fields=["in_menu", "menu_position"], name="page_menu")]

    def __str__(self) -> str:
        return translate(self.title) or translate(self.slug) or f"#{self.pk}"

    def blocks_in(self, language: str) -> list[dict]:
        """The published blocks shown in `language`: that language's list, else the list the
        host's fallback rule reads (the default language's, then the first other one)."""
        return blocks_of(self.content, language)


def blocks_of(content: object, language: str) -> list[dict]:
    if not isinstance(content, dict):
        return []
    for code in (language, default_language(), *site_language_codes()):
        if isinstance(content.get(code), list):
            return content[code]
    return []


class Access(models.Model):
    """Holds the Pages section's permissions; it has no table."""

    class Meta:
        managed = False
        default_permissions = ()
        permissions = [
            ("view", _("See the pages")),
            ("manage", _("Create, edit, publish and delete pages")),
        ]

    def __str__(self) -> str:
        return "pages permissions"
