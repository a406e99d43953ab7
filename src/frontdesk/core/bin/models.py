"""What a model in the bin carries: when it went in and who put it there.

A binned row leaves the model's default manager, so every default query and every reverse
relation (`form.fields`) leaves it out; `all_objects` still sees it, and so does a foreign key
pointing at it (Django follows one through the base manager), so a record that refers to a binned
row (an answer to a put-aside field) keeps reading it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class InUseQuerySet(models.QuerySet):
    def in_bin(self) -> models.QuerySet:
        return self.filter(deleted_at__isnull=False)


class InUseManager(models.Manager):
    """The rows not in the bin. A model with its own queryset uses
    `InUseManager.from_queryset(ItsQuerySet)()`."""

    def get_queryset(self) -> models.QuerySet:
        return super().get_queryset().filter(deleted_at__isnull=True)


class Binnable(models.Model):
    deleted_at = models.DateTimeField(_("put in the bin"), null=True, blank=True)
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("put in the bin by"),
    )

    objects = InUseManager.from_queryset(InUseQuerySet)()
    all_objects = InUseQuerySet.as_manager()

    class Meta:
        abstract = True

    @property
    def in_bin(self) -> bool:
        return self.deleted_at is not None
