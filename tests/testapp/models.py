"""Rows of a kind no service has, for the host's helpers' tests (one section per helper)."""

from django.db import models

from frontdesk.core.fields import TranslatedField
from frontdesk.core.languages import translate

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
