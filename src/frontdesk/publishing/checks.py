"""The project fields' system check: patch lists for a screen no app registered."""

from __future__ import annotations

from django.core import checks
from django.core.exceptions import ImproperlyConfigured

from frontdesk.publishing.project_fields.patches import SCREENS, SETTING, configured


@checks.register()
def check_project_field_screens(app_configs=None, **kwargs):
    """Patch lists for a screen no app registered: a typo in a screen id would add nothing, silently."""
    try:
        patches = configured()
    except ImproperlyConfigured as error:
        return [checks.Error(str(error), id="frontdesk.E020")]
    return [
        checks.Error(
            f"FRONTDESK[{SETTING!r}] names the screen {screen_id!r}, which no app has; "
            f"the screens are: {', '.join(SCREENS.names()) or 'none'}.",
            id="frontdesk.E020",
        )
        for screen_id in patches
        if screen_id not in SCREENS
    ]
