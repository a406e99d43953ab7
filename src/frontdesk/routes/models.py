"""Public addresses: each (language, path) belongs to one object of one route type, and the
addresses an object had before answer 301 to the one it has now (routes, docs/host.md)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

# MariaDB's unique keys take at most 3072 bytes: (16 + 500) characters of utf8mb4 fit.
PATH_MAX_LENGTH = 500


class AddressManager(models.Manager["Route"]):
    """The addresses the site answers at: a held address (`pending`) is left out."""

    def get_queryset(self) -> models.QuerySet[Route]:
        return super().get_queryset().filter(pending=False)


class Route(models.Model):
    """The address of one object in one language. A path is stored without the language prefix
    and without leading or trailing slash ("events/summer-camp"); no path means the object is in
    the bin and its address is free (`release_routes`).

    A `pending` row holds the address a draft's new slug makes until the draft is published or
    gives it up (`hold_routes`): the site does not answer there, but nobody else may claim it, as
    the one unique (language, path) says on every database. `Route.objects` leaves held rows out;
    `Route.all_objects` has them too."""

    type_name = models.CharField(_("type"), max_length=64)
    object_id = models.BigIntegerField(_("object"))
    language = models.CharField(_("language"), max_length=16)
    # Null while released: unique indexes on all three databases let any number of NULLs be.
    path = models.CharField(_("address"), max_length=PATH_MAX_LENGTH, null=True)  # noqa: DJ001
    pending = models.BooleanField(_("held for a draft"), default=False)

    objects = AddressManager()
    all_objects: models.Manager[Route] = models.Manager()

    class Meta:
        # The table it had in core, before the split (issue 26): a site upgrades in place.
        db_table = "core_route"
        verbose_name = _("address")
        verbose_name_plural = _("addresses")
        constraints = [
            models.UniqueConstraint(fields=["language", "path"], name="core_route_address"),
            models.UniqueConstraint(
                fields=["type_name", "object_id", "language", "pending"], name="core_route_object_language"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.language}:/{self.path or ''} ({self.type_name} {self.object_id})"


class Alias(models.Model):
    """An address an object had before. It leads to the object, not to a path, so it answers with
    the object's address of the day: there are no chains to follow or to repoint."""

    language = models.CharField(_("language"), max_length=16)
    path = models.CharField(_("address"), max_length=PATH_MAX_LENGTH)
    type_name = models.CharField(_("type"), max_length=64)
    object_id = models.BigIntegerField(_("object"))

    class Meta:
        # The table it had in core, before the split (issue 26): a site upgrades in place.
        db_table = "core_alias"
        verbose_name = _("former address")
        verbose_name_plural = _("former addresses")
        constraints = [models.UniqueConstraint(fields=["language", "path"], name="core_alias_address")]
        indexes = [models.Index(fields=["type_name", "object_id"], name="core_alias_object")]

    def __str__(self) -> str:
        return f"{self.language}:/{self.path} -> {self.type_name} {self.object_id}"
