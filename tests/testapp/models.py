"""Rows of a kind no service has, for the host's helpers' tests (one section per helper)."""

from django.core.exceptions import ValidationError
from django.db import models

from frontdesk.core.fields import TranslatedField
from frontdesk.core.languages import translate
from frontdesk.core.models import Versioned

# --- Routes (core/routes) ---------------------------------------------------------------------
# Two route types at one level under one prefix, as events and event categories are; registered
# in apps.py. The prefix is the setting TESTAPP_ROUTES_PREFIX ("happenings" when unset).


class RoutedEvent(models.Model):
    title = TranslatedField()
    slug = TranslatedField()

    def __str__(self) -> str:
        return translate(self.title)


class RoutedCategory(models.Model):
    name = TranslatedField()
    slug = TranslatedField()

    def __str__(self) -> str:
        return translate(self.name)


# --- end of Routes ----------------------------------------------------------------------------


# --- Versions (frontdesk.core.versions) --------------------------------------------------------


class Notice(Versioned):
    """A notice with a title per language, a unique address and a time span: enough to prove the
    draft, the revision guard, publishing, versions and the model's own invariants."""

    versioned_fields = ("title", "slug", "starts_at", "ends_at")
    edit_permission = "testapp.change_notice"

    title = TranslatedField(required=True)
    slug = models.SlugField(unique=True)
    starts_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)

    def clean(self) -> None:
        if self.starts_at and self.ends_at and self.ends_at < self.starts_at:
            raise ValidationError({"ends_at": ["The end comes before the start."]})


# --- End of versions ---------------------------------------------------------------------------
