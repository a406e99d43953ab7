"""Versioned rows: a row's published values in its own columns, its pending edits in `draft`, a
revision that every accepted change moves, and `Version`, the snapshots taken at each publish.

The rules (docs/host.md, "Versions") live in frontdesk.publishing.versions; this module holds the
columns and the two hooks a model with values outside its columns overrides.
"""

from __future__ import annotations

import json
from datetime import datetime, time
from typing import Any, ClassVar

from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from frontdesk.core.models.actors import actor_field, token_field


def in_application_zone(moment: datetime) -> datetime:
    """`moment` in the application's zone (settings.TIME_ZONE): a naive value is read as a time
    there, an aware one is the same moment shown there. So one moment has one form, whatever
    offset it was sent with (docs/host.md, "Versions": moments)."""
    zone = timezone.get_default_timezone()
    if timezone.is_naive(moment):
        return timezone.make_aware(moment, zone)
    return timezone.localtime(moment, zone)


class _Exact(DjangoJSONEncoder):
    """Django's encoder, but keeping a moment's microseconds (a version restores what it kept)
    and writing every moment in the application's zone: 10:00+01:00 and 09:00+00:00 are one
    moment, so they must be one text when a save is compared with what is published."""

    def default(self, o: Any) -> Any:
        if isinstance(o, datetime):
            return in_application_zone(o).isoformat()
        if isinstance(o, time):
            return o.isoformat()
        return super().default(o)


def as_json(values: dict[str, Any]) -> dict[str, Any]:
    """Column values (dates, decimals, UUIDs) as plain JSON values, without loss."""
    return json.loads(json.dumps(values, cls=_Exact))


class State(models.TextChoices):
    DRAFT = "draft", _("Draft")
    PUBLISHED = "published", _("Published")
    CHANGED = "changed", _("Published with edits")
    UNPUBLISHED = "unpublished", _("Unpublished")


# The states in which the row's columns are what the public site shows.
ON_SITE = (State.PUBLISHED, State.CHANGED)


class Versioned(models.Model):
    """A row with a draft, a revision and versions. A model names its versioned values:

        class Event(Versioned):
            versioned_fields = ("title", "slug", "starts_at")
            edit_permission = "events.manage"

    While the row is on the site (published, published with edits) its columns hold the published
    values and a save waits in `draft` (the fields that differ from the columns); off the site
    (draft, unpublished) nothing is shown, so a save goes straight into the columns.
    """

    # The concrete fields whose values are drafted, published and kept in versions.
    versioned_fields: ClassVar[tuple[str, ...]] = ()
    # The permission every versions operation asks of its actor (None: the doors decide alone).
    edit_permission: ClassVar[str | None] = None

    state = models.CharField(_("state"), max_length=12, choices=State.choices, default=State.DRAFT)
    revision = models.PositiveIntegerField(_("revision"), default=1)
    draft = models.JSONField(_("draft"), null=True, blank=True)

    class Meta:
        abstract = True

    @property
    def is_on_site(self) -> bool:
        return self.state in ON_SITE

    def column_values(self) -> dict[str, Any]:
        """The versioned values as the columns hold them, as JSON (what a version keeps).

        A model with versioned values outside its columns (a many-to-many list) adds them here
        and in `apply_values`."""
        return as_json(
            {name: self._versioned_field(name).value_from_object(self) for name in self.versioned_fields}
        )

    def _versioned_field(self, name: str) -> models.Field:
        field = self._meta.get_field(name)
        assert isinstance(field, models.Field)  # a versioned value is a column, never a reverse relation
        return field

    def apply_values(self, values: dict[str, Any]) -> None:
        """Put JSON values (from a save, a draft or a version) into the columns, unsaved; a value
        that cannot be read is refused under its field's name, an unknown key is ignored."""
        errors: dict[str, list[str]] = {}
        for name in self.versioned_fields:
            if name in values:
                field = self._versioned_field(name)
                try:
                    value = field.to_python(values[name])
                    if isinstance(value, datetime) and isinstance(field, models.DateTimeField):
                        # An offset-less value is a time in the application's zone, not a naive
                        # value Django would warn about when saving and read as UTC.
                        value = in_application_zone(value)
                    setattr(self, field.attname, value)
                except ValidationError as error:
                    errors[name] = error.messages
        if errors:
            raise ValidationError(errors)

    def draft_values(self) -> dict[str, Any]:
        """The values being edited: the columns with the pending edits over them."""
        return {**self.column_values(), **(self.draft or {})}


class Version(models.Model):
    """The published values of one row at one publish; `number` counts from 1 per row."""

    content_type = models.ForeignKey(
        "contenttypes.ContentType", on_delete=models.CASCADE, related_name="+", verbose_name=_("type")
    )
    object_id = models.PositiveBigIntegerField(_("object"))
    number = models.PositiveIntegerField(_("number"))
    values = models.JSONField(_("values"))
    created_at = models.DateTimeField(_("created"), default=timezone.now)
    actor = actor_field()
    token = token_field()

    class Meta:
        # The table it had in core, before the split (issue 26): a site upgrades in place.
        db_table = "core_version"
        verbose_name = _("version")
        verbose_name_plural = _("versions")
        ordering = ["content_type", "object_id", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["content_type", "object_id", "number"], name="version_number_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.content_type_id}:{self.object_id} v{self.number}"


class RelationLink(models.Model):
    """One id in one holder's ordered relation (publishing/relation_field.py): the through table
    of every `OrderedRelation`, whichever model holds it, as contenttypes' generic relations
    keep theirs. `target_id` is not a foreign key: the target belongs to a module that may not be
    installed (an event's services), so an id gone since is left out when read."""

    holder_type = models.ForeignKey(
        "contenttypes.ContentType", on_delete=models.CASCADE, related_name="+", verbose_name=_("holder type")
    )
    holder_id = models.PositiveBigIntegerField(_("holder"))
    field = models.CharField(_("field"), max_length=64)
    target = models.CharField(_("target"), max_length=64)
    target_id = models.PositiveBigIntegerField(_("target object"))
    position = models.PositiveIntegerField(_("position"))

    class Meta:
        verbose_name = _("relation link")
        verbose_name_plural = _("relation links")
        constraints = [
            # A holder's list, read in order, and an id at most once in it.
            models.UniqueConstraint(
                fields=["holder_type", "holder_id", "field", "target_id"], name="relation_link_once"
            )
        ]
        # "Which holders point at these objects": the related-to filter and a target's own page
        # (the events of a service) read this index and never the holders' table first.
        indexes = [
            models.Index(
                fields=["target", "target_id", "holder_type", "holder_id"], name="relation_link_related_to"
            )
        ]

    def __str__(self) -> str:
        return f"{self.holder_type_id}:{self.holder_id}.{self.field}[{self.position}] = {self.target}:{self.target_id}"


class PublicEdition(models.Model):
    """One row: a token that changes whenever anything the public pages print may have changed
    (publishing/page_cache.py). Pages kept in the cache are kept under the token they were
    rendered at, so a new token is a cache every worker stops reading at once."""

    token = models.CharField(_("token"), max_length=32)

    class Meta:
        verbose_name = _("public edition")
        verbose_name_plural = _("public editions")

    def __str__(self) -> str:
        return self.token
