"""Rich text: cleaning, rendering and the pictures it names; the editor's script."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RichTextConfig(AppConfig):
    name = "frontdesk.richtext"
    label = "richtext"
    verbose_name = _("Rich text")
    default_auto_field = "django.db.models.BigAutoField"
