"""A service: a title, an address and a lead per language, a cover picture, a rich-text
description per language, the SEO card, a visible flag, a place in the order, the site's project
fields, and the bin. Its rules of one row live here, where `full_clean()` asks them
(services/operations.py)."""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from frontdesk.core.bin.models import Binnable
from frontdesk.core.fields import AtMost, TranslatedField
from frontdesk.core.languages import translate
from frontdesk.core.limits import MAX_TITLE_LENGTH
from frontdesk.publishing.seo_card import SeoCardField

SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*\Z")
SLUG_MAX = 100
TITLE_MAX = MAX_TITLE_LENGTH
LEAD_MAX = 1000


def validate_slugs(value: object) -> None:
    """Each language's slug is one address segment: lower-case letters, digits, single hyphens."""
    if not isinstance(value, dict):
        return  # TranslatedField says so in its own words
    for text in value.values():
        if isinstance(text, str) and text and not SLUG.match(text):
            raise ValidationError(
                _("Use lower-case letters, digits and single hyphens, as in an address (garden-design)."),
                code="slug",
            )
        if isinstance(text, str) and len(text) > SLUG_MAX:
            raise ValidationError(
                _("An address segment has at most %(limit)d characters."),
                code="long",
                params={"limit": SLUG_MAX},
            )


class Service(Binnable):
    title = TranslatedField(_("title"), required=True, validators=[AtMost(TITLE_MAX)])
    # Claimed through routes under the services prefix: /services/<slug> in each language.
    slug = TranslatedField(_("address"), required=True, validators=[validate_slugs])
    lead = TranslatedField(_("lead"), validators=[AtMost(LEAD_MAX)])
    # A picture of the library by key ("": none); the page and the card print it with its srcset.
    cover = models.CharField(_("cover"), max_length=32, blank=True, default="")
    # Rich text per language (richtext): cleaned on the way in, pictures resolved on the way out.
    description = TranslatedField(_("description"))
    seo = SeoCardField()
    is_visible = models.BooleanField(_("visible on the site"), default=True)
    position = models.PositiveIntegerField(_("order"), default=0)
    # The site's project fields of the services.form screen, by name (docs/host.md, "Project fields").
    extra = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("service")
        verbose_name_plural = _("services")
        ordering = ["position", "id"]
        indexes = [models.Index(fields=["deleted_at", "position"], name="services_live_order_idx")]

    def __str__(self) -> str:
        return translate(self.title) or f"#{self.pk}"

    @property
    def is_published(self) -> bool:
        """Whether a visitor sees its page: visible and outside the bin."""
        return self.is_visible and not self.in_bin


class Access(models.Model):
    """Holds the services' permissions, named as the spec names them; it has no table."""

    class Meta:
        managed = False
        default_permissions = ()
        permissions = [
            ("view", _("See the services in the panel")),
            ("manage", _("Create, change, order and delete services")),
        ]

    def __str__(self) -> str:
        return "services permissions"
