"""Bearer tokens for scripts and agents. Only a SHA-256 hash of the secret is stored."""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

SECRET_PREFIX = "fd_"  # noqa: S105 (a marker, not a secret)


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class ApiTokenQuerySet(models.QuerySet):
    def usable(self) -> ApiTokenQuerySet:
        now = timezone.now()
        return self.filter(revoked_at__isnull=True, account__is_active=True).filter(
            models.Q(expires_at__isnull=True) | models.Q(expires_at__gt=now)
        )

    def find(self, secret: str) -> ApiToken | None:
        if not secret.startswith(SECRET_PREFIX):
            return None
        return self.usable().select_related("account").filter(secret_hash=hash_secret(secret)).first()


class ApiToken(models.Model):
    name = models.CharField(_("name"), max_length=100)
    account = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="api_tokens",
        verbose_name=_("account"),
    )
    secret_hash = models.CharField(max_length=64, unique=True, editable=False)
    hint = models.CharField(max_length=12, editable=False, help_text="First characters, to recognise it.")
    scopes = models.JSONField(_("scopes"), default=list)
    created_at = models.DateTimeField(_("created"), default=timezone.now)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)
    expires_at = models.DateTimeField(_("expires"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    objects = ApiTokenQuerySet.as_manager()

    # Not a column: "active", "expired" or "revoked", set on the rows the tokens page lists.
    status: str

    class Meta:
        verbose_name = _("agent token")
        verbose_name_plural = _("agent tokens")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.hint}…)"

    @classmethod
    def issue(cls, account, name: str, scopes: list[str], expires_at=None) -> tuple[ApiToken, str]:
        """Create a token and return it with its secret, which is never stored nor shown again."""
        secret = SECRET_PREFIX + secrets.token_urlsafe(32)
        token = cls.objects.create(
            account=account,
            name=name,
            scopes=sorted(set(scopes)),
            secret_hash=hash_secret(secret),
            hint=secret[:8],
            expires_at=expires_at,
        )
        return token, secret

    def has_scope(self, scope: str) -> bool:
        return scope in self.scopes

    def touch(self) -> None:
        now = timezone.now()
        # One write a minute at most: a busy agent should not turn every read into a write.
        if self.last_used_at is None or (now - self.last_used_at).total_seconds() > 60:
            type(self).objects.filter(pk=self.pk).update(last_used_at=now)
            self.last_used_at = now
