"""An event: a workshop, meeting or webinar with a date, a place, a price and a booking link,
versioned (edits to a published event, its categories and services included, wait in its draft
until Publish) and binnable. Its categories are the shared categories of the type `events`
(registered in apps.py); `Access` holds the Events section's permissions. docs/events.md, "Models".
"""

from __future__ import annotations

import re
from datetime import datetime, time
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator, URLValidator
from django.db import models
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from frontdesk.core.bin.models import Binnable
from frontdesk.core.fields import AtMost, TranslatedField, TranslatedItemsField
from frontdesk.core.languages import default_language, translate
from frontdesk.core.limits import MAX_TITLE_LENGTH
from frontdesk.events.permissions import MANAGE
from frontdesk.pictures.gallery import GalleryField
from frontdesk.publishing.models import Versioned, in_application_zone
from frontdesk.publishing.relations import OrderedRelation
from frontdesk.publishing.seo_card import SeoCardField
from frontdesk.richtext.fields import RichTextField

SLUG_MAX_LENGTH = 200
SEGMENT = re.compile(r"^[-\w]+$")
LEAD_MAX_LENGTH = 300  # a card's and a search result's text: the editor shows a counter
WORDS_MAX_LENGTH = 200  # the date in words and the price in words, per language
TEXT_MAX_LENGTH = 300  # venue and address
URL_MAX_LENGTH = 2000
# The relation target of the event categories (categories/relations.py: `<type>.category`).
CATEGORY_TYPE = "events"
CATEGORY_TARGET = f"{CATEGORY_TYPE}.category"


def validate_slugs(value: object) -> None:
    """Each language's slug is one address segment (lower-case letters of any script, digits, '-'
    and '_'), at most 200 characters; the default language's is required."""
    if not isinstance(value, dict):
        return  # TranslatedField's own validation says so
    if not value.get(default_language()):
        raise ValidationError(_("Give the event an address in the site's default language."), code="required")
    for text in value.values():
        if isinstance(text, str) and (
            len(text) > SLUG_MAX_LENGTH or text != text.lower() or not SEGMENT.match(text)
        ):
            raise ValidationError(
                _(
                    "An address is one part of lower-case letters, digits, '-' and '_',"
                    " at most %(limit)d characters: %(slug)s"
                ),
                code="invalid",
                params={"slug": text[:SLUG_MAX_LENGTH], "limit": SLUG_MAX_LENGTH},
            )


# Links are web addresses a visitor's browser opens: http and https only.
validate_web_address = URLValidator(
    schemes=["http", "https"], message=_("Give an http:// or https:// address.")
)


class Format(models.TextChoices):
    IN_PERSON = "in-person", _("In person")
    ONLINE = "online", _("Online")
    BOTH = "both", _("Both")


class Event(Versioned, Binnable):
    versioned_fields = (
        "title", "slug", "lead", "description", "date_note", "price", "starts_at", "ends_at", "all_day",
        "format", "venue", "address", "map_url", "price_amount", "booking_url", "photos", "highlights",
        "categories", "services", "seo", "extra",
    )  # fmt: skip
    edit_permission = MANAGE

    title = TranslatedField(_("title"), required=True, validators=[AtMost(MAX_TITLE_LENGTH)])
    slug = TranslatedField(_("address"), required=True, validators=[validate_slugs])
    lead = TranslatedField(_("lead"), blank=True, validators=[AtMost(LEAD_MAX_LENGTH)])
    description = RichTextField(_("description"))
    date_note = TranslatedField(_("date in words"), blank=True, validators=[AtMost(WORDS_MAX_LENGTH)])
    price = TranslatedField(_("price in words"), blank=True, validators=[AtMost(WORDS_MAX_LENGTH)])
    # Kept as moments (UTC in the database); read and written in the application's zone.
    starts_at = models.DateTimeField(_("starts"), null=True, blank=True)
    ends_at = models.DateTimeField(_("ends"), null=True, blank=True)
    all_day = models.BooleanField(_("all day"), default=False)
    format = models.CharField(_("format"), max_length=12, choices=Format.choices, default=Format.IN_PERSON)
    venue = models.CharField(_("venue"), max_length=TEXT_MAX_LENGTH, blank=True)
    address = models.CharField(_("address"), max_length=TEXT_MAX_LENGTH, blank=True)
    map_url = models.CharField(
        _("map link"), max_length=URL_MAX_LENGTH, blank=True, validators=[validate_web_address]
    )
    # Used only in the markup's offers; zero means free of charge.
    price_amount = models.DecimalField(
        _("price as a number"),
        max_digits=12,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal(0), message=_("Give a price of at least 0."))],
    )
    booking_url = models.CharField(
        _("booking link"), max_length=URL_MAX_LENGTH, blank=True, validators=[validate_web_address]
    )
    photos = GalleryField(_("photos"))
    highlights = TranslatedItemsField(_("highlights"), keys=("heading", "line"), required=("heading",))
    categories = OrderedRelation(_("categories"), target=CATEGORY_TARGET)
    # The services module's services; without that module no id names one (every one is refused).
    services = OrderedRelation(_("services"), target="service")
    seo = SeoCardField()
    extra = models.JSONField(_("project fields"), default=dict, blank=True)
    # The moment the event is over after: its end, or its start when it names no end (NULL
    # without a date). Kept by the database from the two columns, so one plain index orders and
    # cuts the past events on SQLite, PostgreSQL and MariaDB alike (queries.over()).
    end_moment = models.GeneratedField(
        expression=Coalesce("ends_at", "starts_at"),
        output_field=models.DateTimeField(null=True),
        db_persist=True,
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("changed"), auto_now=True)

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")
        ordering = ["id"]
        indexes = [
            # Upcoming (starts_at ascending, ties by id) and All (descending). The end moment and
            # the bin's column ride along, so SQLite and MariaDB, walking it in order for
            # Upcoming, skip the events that are over without reading their rows.
            models.Index(fields=["starts_at", "id", "end_moment", "deleted_at"], name="event_starts"),
            # Past: over before now (a range of it), the latest end first, ties by id; and the
            # count of Upcoming and Past read from it alone (docs/events.md, "Seeding 100k events").
            models.Index(fields=["-end_moment", "id", "deleted_at"], name="event_ends"),
            models.Index(fields=["state", "deleted_at"], name="event_on_site"),
            # The Bin: the latest binned first, page 1 reading 25 entries. Partial, so only a
            # query asking for binned events can use it: SQLite, without statistics, would take a
            # plain index leading with deleted_at for the other tabs' `deleted_at IS NULL` too
            # (docs/events.md, "Models"). MariaDB makes no partial index (models.W037, silenced
            # in settings) and reads the Bin as before.
            models.Index(
                fields=["-deleted_at", "-id"], condition=models.Q(deleted_at__isnull=False), name="event_bin"
            ),
        ]

    def __str__(self) -> str:
        return translate(self.title) or translate(self.slug) or f"#{self.pk}"

    def clean(self) -> None:
        """The dates' rules, judged on every save and publish (full_clean): an end needs a start
        and comes no earlier; an all-day event runs from midnight of its first day to the last
        microsecond of its last day in the application's zone (docs/events.md, "Dates")."""
        super().clean()
        if self.starts_at is None:
            if self.ends_at is not None:
                raise ValidationError({"ends_at": [_("Give a start before an end.")]})
            return
        if self.all_day:
            self.starts_at, self.ends_at = whole_days(self.starts_at, self.ends_at)
        if self.ends_at is not None and self.ends_at < self.starts_at:
            raise ValidationError({"ends_at": [_("The end comes before the start.")]})


def whole_days(starts_at: datetime, ends_at: datetime | None) -> tuple[datetime, datetime]:
    """The moments of an all-day event: 00:00 of the first day and 23:59:59.999999 of the last
    day (the end's day, or the first day without an end), both in the application's zone."""
    zone = timezone.get_default_timezone()
    first = in_application_zone(starts_at).date()
    last = in_application_zone(ends_at).date() if ends_at is not None else first
    return (
        timezone.make_aware(datetime.combine(first, time.min), zone),
        timezone.make_aware(datetime.combine(last, time.max), zone),
    )


class Access(models.Model):
    """Holds the Events section's permissions; it has no table."""

    class Meta:
        managed = False
        default_permissions = ()
        permissions = [
            ("view", _("See the events")),
            ("manage", _("Create, edit, publish and delete events")),
            ("categories.manage", _("Manage the event categories")),
        ]

    def __str__(self) -> str:
        return "events permissions"
