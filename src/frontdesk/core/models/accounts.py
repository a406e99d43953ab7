"""Accounts log in with their e-mail address and carry a display name and a panel language."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, BaseUserManager, PermissionsMixin
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


def panel_language_choices() -> list[tuple[str, str]]:
    return list(settings.LANGUAGES)


class UserManager(BaseUserManager["User"]):
    use_in_migrations = True

    def create_user(self, email: str, password: str | None = None, **fields) -> User:
        if not email:
            raise ValueError("An account needs an e-mail address.")
        user = self.model(email=self.normalize_email(email).lower(), **fields)
        user.set_password(password)
        user.full_clean(exclude=["password"])
        user.save(using=self._db)
        return user

    def create_superuser(self, email: str, password: str | None = None, **fields) -> User:
        fields.update(is_staff=True, is_superuser=True)
        return self.create_user(email, password, **fields)

    def get_by_natural_key(self, username: str | None) -> User:
        return self.get(email__iexact=username)


class User(AbstractBaseUser, PermissionsMixin):
    email = models.EmailField(_("e-mail address"), unique=True)
    display_name = models.CharField(_("display name"), max_length=150, blank=True)
    panel_language = models.CharField(
        _("panel language"), max_length=12, default="en", choices=panel_language_choices
    )
    is_active = models.BooleanField(_("active"), default=True)
    is_staff = models.BooleanField(_("staff"), default=False)
    date_joined = models.DateTimeField(_("joined"), default=timezone.now)

    objects = UserManager()

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS: ClassVar[list[str]] = []

    class Meta:
        verbose_name = _("account")
        verbose_name_plural = _("accounts")
        ordering = ["email"]

    def __str__(self) -> str:
        return self.display_name or self.email

    def clean(self) -> None:
        super().clean()
        self.email = self.__class__.objects.normalize_email(self.email).lower()

    def get_full_name(self) -> str:
        return str(self)

    def get_short_name(self) -> str:
        return str(self)


class Access(models.Model):
    """Holds the host's own permissions (`core.accounts.manage`, ...); it has no table.

    Each app declares its permissions the same way, on an unmanaged `Access` model, so they
    are ordinary Django permissions named `<app>.<codename>` and groups work as roles.
    """

    class Meta:
        managed = False
        default_permissions = ()
        permissions = [
            ("accounts.manage", _("Manage accounts and roles")),
            ("tokens.manage", _("Manage agent tokens of every account")),
            ("design.view", _("See the panel's style guide")),
            ("settings.manage", _("Manage the site's settings")),
            ("pictures.manage", _("Upload, change and delete pictures of the library")),
        ]

    def __str__(self) -> str:
        return "core permissions"
