"""One log for every app: what happened to which object, who did it, with which token.

A line names its object by content type and id rather than by a foreign key, so one table serves
every app, and a line about a deletion outlives the object it names. Every object of the host
and its apps has an integer key, so the id is an integer: a smaller index than Django's text
`object_id`, and the inbox writes a line on every accepted post.
"""

from __future__ import annotations

from django.contrib.contenttypes.models import ContentType
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from frontdesk.core.models.actors import actor_field, token_field


class LogEntry(models.Model):
    content_type = models.ForeignKey(ContentType, on_delete=models.CASCADE, related_name="+")
    object_id = models.PositiveBigIntegerField()
    # Dotted, the object's kind first: submission.created, form.changed, status.deleted.
    action = models.CharField(_("action"), max_length=64)
    # Indexed only where set: most lines of the inbox are a visitor's post, which has no actor.
    actor = actor_field(db_index=False)
    token = token_field(db_index=False)
    # {name: [before, after]} for each value the action changed; dates and decimals as text.
    changes = models.JSONField(_("changes"), default=dict, blank=True, encoder=DjangoJSONEncoder)
    # What the line needs besides changes: the source of a submission, a deleted object's title.
    detail = models.JSONField(default=dict, blank=True, encoder=DjangoJSONEncoder)
    created_at = models.DateTimeField(_("time"), default=timezone.now)

    class Meta:
        verbose_name = _("log line")
        verbose_name_plural = _("log lines")
        ordering = ["created_at", "id"]
        indexes = [
            # An object's log, in order (core/log.log_of).
            models.Index(fields=["content_type", "object_id", "created_at"], name="core_log_object_idx"),
            models.Index(
                fields=["actor"], condition=models.Q(actor__isnull=False), name="core_log_actor_idx"
            ),
            models.Index(
                fields=["token"], condition=models.Q(token__isnull=False), name="core_log_token_idx"
            ),
        ]

    def __str__(self) -> str:
        return self.action
