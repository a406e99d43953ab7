"""One tiny table: a row per insert request."""

from django.db import models


class Row(models.Model):
    created_at = models.DateTimeField(auto_now_add=True)
    payload = models.CharField(max_length=200, blank=True)

    def __str__(self) -> str:
        return f"row {self.pk}"
