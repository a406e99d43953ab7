"""A form and its fields. A form that took submissions can be switched off, never deleted."""

from __future__ import annotations

from django.core.validators import RegexValidator
from django.db import models
from django.db.models.deletion import RestrictedError
from django.utils.translation import gettext_lazy as _

from frontdesk.core.bin.models import Binnable
from frontdesk.core.fields import TranslatedField
from frontdesk.core.languages import translate
from frontdesk.inbox.field_types import FIELD_TYPE_CHOICES, FIELD_TYPES
from frontdesk.inbox.models.statuses import Status

# An address segment: lower-case letters and digits in words joined by single hyphens.
SLUG_RULE = RegexValidator(
    r"^[a-z0-9]+(?:-[a-z0-9]+)*\Z",
    _("Use lower-case letters, digits and single hyphens, as in an address (contact-us)."),
)


class FormQuerySet(models.QuerySet):
    def live(self) -> FormQuerySet:
        return self.filter(is_switched_off=False)

    def for_intake(self) -> FormQuerySet:
        """Forms loaded with what accepting a post needs, so the intake asks for nothing more:
        the live fields (one more query, `Form.intake_fields()`) and the arrival status's id
        (`arrival_status_pk`, read in the form's own query)."""
        arrival = Status.objects.arrival().values("pk")[:1]
        live = Field.objects.filter(deleted_at__isnull=True).order_by("position", "id")
        return self.annotate(arrival_status_pk=models.Subquery(arrival)).prefetch_related(
            models.Prefetch("fields", queryset=live, to_attr="loaded_live_fields")
        )


class Form(models.Model):
    # The form's rules of one row live here, where full_clean() asks them (operations/forms.py).
    slug = models.CharField(
        _("slug"),
        max_length=100,
        unique=True,
        validators=[SLUG_RULE],
        error_messages={"unique": _("Another form already has this slug."), "blank": SLUG_RULE.message},
    )
    title = TranslatedField(_("title"), required=True)
    # Recipients, per-form antispam overrides and the captcha request (docs/inbox.md, "Form options").
    options = models.JSONField(_("options"), default=dict, blank=True)
    is_switched_off = models.BooleanField(_("switched off"), default=False)
    position = models.PositiveIntegerField(_("order"), default=0)
    email_field_name = models.CharField(
        _("e-mail field"), max_length=64, blank=True, help_text=_("Its answer becomes the Reply-To.")
    )
    # The site's project fields of the form editor, by name (docs/host.md, "Project fields").
    extra = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = FormQuerySet.as_manager()

    # Not columns: the figures queries.forms_column adds to the forms it reads.
    total: int
    unread: int

    class Meta:
        verbose_name = _("form")
        verbose_name_plural = _("forms")
        ordering = ["position", "id"]

    def __str__(self) -> str:
        return translate(self.title) or self.slug

    def delete(self, *args, **kwargs):
        if self.submissions.exists():
            raise RestrictedError(
                str(_("A form that has taken submissions cannot be deleted; switch it off instead.")),
                set(self.submissions.all()[:1]),
            )
        return super().delete(*args, **kwargs)

    def live_fields(self):
        return self.fields.filter(deleted_at__isnull=True)

    def intake_fields(self) -> list[Field]:
        """The live fields in order: those loaded by `for_intake()`, else read now."""
        loaded = getattr(self, "loaded_live_fields", None)
        return list(self.live_fields()) if loaded is None else loaded


class Field(Binnable):
    """A field of a form. One that is put aside is in the bin (core/bin): it leaves the form, and
    the answers given to it stay readable, for they keep a snapshot of it."""

    form = models.ForeignKey(Form, on_delete=models.CASCADE, related_name="fields", verbose_name=_("form"))
    machine_name = models.CharField(
        _("machine name"),
        max_length=64,
        blank=True,
        help_text=_("The input is named fields[<machine name>]; without one the field answers to f<id>."),
    )
    label = TranslatedField(_("label"))
    type = models.CharField(_("type"), max_length=16, choices=FIELD_TYPE_CHOICES, default="text")
    hint = TranslatedField(_("hint"))
    in_table = models.BooleanField(_("column of the submission list"), default=False)
    full_width = models.BooleanField(_("full width"), default=True)
    position = models.PositiveIntegerField(_("order"), default=0)
    # Rules (docs/inbox.md, "Field rules").
    required = models.BooleanField(_("required"), default=False)
    choices = models.JSONField(_("choices"), default=list, blank=True)
    min_length = models.PositiveIntegerField(_("minimum length"), null=True, blank=True)
    max_length = models.PositiveIntegerField(_("maximum length"), null=True, blank=True)
    min_value = models.CharField(_("earliest date"), max_length=10, blank=True)
    max_value = models.CharField(_("latest date"), max_length=10, blank=True)
    extensions = models.JSONField(_("accepted file extensions"), default=list, blank=True)

    class Meta:
        verbose_name = _("field")
        verbose_name_plural = _("fields")
        ordering = ["position", "id"]
        indexes = [models.Index(fields=["form", "deleted_at", "position"], name="inbox_field_live_idx")]

    def __str__(self) -> str:
        return translate(self.label) or self.name

    @property
    def name(self) -> str:
        """The machine name, or f<id> for a field that was given none."""
        return self.machine_name or f"f{self.pk}"

    @property
    def kind(self):
        return FIELD_TYPES[self.type]
