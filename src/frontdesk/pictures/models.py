"""The picture library's row (pictures): one uploaded picture under a stable key, its alt text
per language, its size, and the responsive renditions made from it (docs/host.md, "The picture
library")."""

from __future__ import annotations

import re

from django.core.validators import RegexValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from frontdesk.core.fields import TranslatedField
from frontdesk.core.storage import private_storage

# A key is URL-safe and short: it stands in rich text (`data-picture="..."`), in a block's values
# and in an address, and it never changes while the picture lives.
KEY_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
KEY_LENGTH = 32


class Picture(models.Model):
    key = models.CharField(
        _("key"),
        max_length=KEY_LENGTH,
        unique=True,
        validators=[RegexValidator(KEY_PATTERN, _("Use at most 32 letters, digits, - and _."))],
    )
    name = models.CharField(_("name"), max_length=200, blank=True)
    alt = TranslatedField(_("alternative text"))
    # The file as uploaded, in the private storage (kept for later renditions, with whatever
    # metadata it carries; it has no address), and its facts.
    file = models.FileField(_("file"), max_length=255, storage=private_storage)
    format = models.CharField(_("format"), max_length=8)
    width = models.PositiveIntegerField(_("width"))
    height = models.PositiveIntegerField(_("height"))
    bytes = models.PositiveBigIntegerField(_("size in bytes"), default=0)
    # [{"width": 640, "height": 427, "name": "pictures/<key>/<digest>-640w.jpg"}, ...], narrowest
    # first: on the row, so resolving any number of pictures is one query without a join. Empty
    # until the picture's task has made them (pictures/tasks.py).
    renditions = models.JSONField(_("renditions"), default=list)
    # The name and every alt text, case-folded: what the library's search reads.
    search_text = models.TextField(default="", editable=False)
    created_at = models.DateTimeField(_("created"), default=timezone.now)
    changed_at = models.DateTimeField(_("changed"), default=timezone.now)

    class Meta:
        # The table it had in core, before the split (issue 26): a site upgrades in place.
        db_table = "core_picture"
        verbose_name = _("picture")
        verbose_name_plural = _("pictures")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["-created_at", "-id"], name="core_picture_newest")]

    def __str__(self) -> str:
        return self.name or self.key

    def save(self, *args, **kwargs):
        self.search_text = " ".join(
            [self.name, *(text for text in (self.alt or {}).values() if text)]
        ).casefold()
        if kwargs.get("update_fields") is not None:
            kwargs["update_fields"] = {*kwargs["update_fields"], "search_text"}
        super().save(*args, **kwargs)

    def rendition_names(self) -> list[str]:
        """The renditions' files, in the media storage (the original is in the private one)."""
        return [item["name"] for item in self.renditions]
