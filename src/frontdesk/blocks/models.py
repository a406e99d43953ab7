"""The block system's rows: a block type (a slug, a name per language and the code it is linked
to), and the permission of the Block types screen."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from frontdesk.core.fields import TranslatedField
from frontdesk.core.languages import translate


class BlockType(models.Model):
    """An installed block type. Content names it by `slug`; it prints with the code registered
    under `code` (BLOCK_CODES). A row whose code is not registered stays, and its blocks print
    nothing."""

    slug = models.SlugField(_("slug"), max_length=50, unique=True)
    name = TranslatedField(_("name"))
    code = models.SlugField(_("code"), max_length=50, blank=True)
    # True when an offer installed it (blocks_install); a row the site made itself says False.
    offered = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return translate(self.name) or self.slug


class Access(models.Model):
    """Holds the block system's permissions; it has no table."""

    class Meta:
        managed = False
        default_permissions = ()
        permissions = [("manage", _("Open the Block types screen"))]

    def __str__(self) -> str:
        return "blocks permissions"
