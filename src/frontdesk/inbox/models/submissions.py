"""Submissions keep a snapshot of each answer (name, label, type as they were), files and a log."""

from __future__ import annotations

from django.conf import settings
from django.contrib.contenttypes.fields import GenericRelation
from django.core.files.storage import storages
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from frontdesk.inbox.conf import inbox_settings
from frontdesk.inbox.models.forms import Form
from frontdesk.inbox.models.statuses import Status
from frontdesk.inbox.words import SearchTextField


class Source(models.TextChoices):
    PUBLIC = "public", _("Website")
    PANEL = "panel", _("Typed in by hand")


class Submission(models.Model):
    # The foreign keys have no index of their own, since each is one more page every accepted
    # post writes (migration 0010): every index below begins with the form; a status is looked
    # up across forms only when it is deleted (its counts answer first, inbox/operations/
    # statuses.py); the assignee's index leaves out the unassigned, as a new submission is.
    form = models.ForeignKey(
        Form, on_delete=models.RESTRICT, related_name="submissions", verbose_name=_("form"), db_index=False
    )
    status = models.ForeignKey(
        Status, on_delete=models.PROTECT, related_name="+", verbose_name=_("status"), db_index=False
    )
    assignee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("assignee"),
        db_index=False,
    )
    source = models.CharField(_("source"), max_length=8, choices=Source.choices, default=Source.PUBLIC)
    metadata = models.JSONField(_("metadata"), default=dict, blank=True)
    language = models.CharField(_("language"), max_length=12)
    notify_error = models.TextField(_("notification error"), blank=True)
    is_unread = models.BooleanField(_("unread"), default=True)
    # A stable hash of the answers: identical answers within the duplicate window are one submission.
    answers_hash = models.CharField(max_length=64, editable=False)
    # The words of the answers for the panel's search, folded as it is written (inbox/words.py).
    search_text = SearchTextField(blank=True, editable=False)
    created_at = models.DateTimeField(_("received"), default=timezone.now)
    updated_at = models.DateTimeField(_("updated"), default=timezone.now)
    # Its lines in the host's log (core/log.py); they go with it when it is deleted, for they may
    # quote its answers.
    log = GenericRelation("core.LogEntry", related_query_name="submission")

    # Not a column: {machine name: display value}, set on the rows queries.with_cells reads.
    cells: dict[str, str]

    class Meta:
        verbose_name = _("submission")
        verbose_name_plural = _("submissions")
        ordering = ["-created_at", "-id"]
        indexes = [
            # Shaped like the explorer's queries (docs/performance.md): the trailing status lets the
            # All and Unread tabs leave out spam from the index alone, without reading rows.
            models.Index(fields=["form", "-created_at", "-id", "status"], name="inbox_sub_form_idx"),
            models.Index(fields=["form", "status", "-created_at", "-id"], name="inbox_sub_status_idx"),
            models.Index(
                fields=["form", "is_unread", "-created_at", "-id", "status"], name="inbox_sub_unread_idx"
            ),
            models.Index(fields=["form", "answers_hash", "created_at"], name="inbox_sub_hash_idx"),
            models.Index(
                fields=["assignee"], condition=models.Q(assignee__isnull=False), name="inbox_sub_assignee_idx"
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.form.slug}"

    def answer(self, name: str) -> Answer | None:
        """The answer given to the field named `name`, with the label it had then."""
        return next((answer for answer in self.answers.all() if answer.name == name), None)


class Answer(models.Model):
    submission = models.ForeignKey(Submission, on_delete=models.CASCADE, related_name="answers")
    field = models.ForeignKey("inbox.Field", on_delete=models.SET_NULL, null=True, related_name="+")
    name = models.CharField(_("machine name"), max_length=64)
    # The label in every language as it was at submission time.
    label = models.JSONField(_("label"), default=dict)
    type = models.CharField(_("type"), max_length=16)
    value = models.TextField(_("value"), blank=True)
    payload = models.JSONField(_("values"), null=True, blank=True)
    position = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("answer")
        verbose_name_plural = _("answers")
        ordering = ["position", "id"]

    def __str__(self) -> str:
        return f"{self.name}: {self.value[:40]}"


def inbox_storage():
    return storages[inbox_settings()["storage"]]


class Attachment(models.Model):
    submission = models.ForeignKey(Submission, on_delete=models.CASCADE, related_name="files")
    answer_name = models.CharField(max_length=64)
    original_name = models.CharField(_("file name"), max_length=255)
    # Generated by the intake under inbox/{form}/{submission}/; never the visitor's path.
    stored_name = models.FileField(max_length=255, storage=inbox_storage)
    size = models.PositiveBigIntegerField(_("size"))
    content_type = models.CharField(max_length=100)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("attachment")
        verbose_name_plural = _("attachments")
        ordering = ["id"]

    def __str__(self) -> str:
        return self.original_name

    def delete(self, *args, **kwargs):
        name = self.stored_name.name
        result = super().delete(*args, **kwargs)
        if name:
            # After the commit: a delete that is rolled back (a later refusal, a dry run) must
            # find its file still there.
            transaction.on_commit(lambda: inbox_storage().delete(name))
        return result
