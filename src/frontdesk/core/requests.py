"""The attributes the host's core puts on a request, declared for the type checker.

Django's HttpRequest does not know them. The code that sets one sees the request as a
`FrontdeskRequest` through `typing.cast`; nothing is subclassed at run time, the request stays
the one Django made. Code that reads one where it may be missing uses getattr with a default.
An app's own attributes are declared by a subclass in that app, since core imports no app:
routes/serving.py's `RoutedRequest` (the object whose address was asked for), publishing/head.py's
`PublicRequest` (the head collector).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.http import HttpRequest

if TYPE_CHECKING:
    from frontdesk.core.models import ApiToken
    from frontdesk.core.panel.sections import Section


class FrontdeskRequest(HttpRequest):
    # core/api/auth.py: the bearer token an API call came with; None for the browser's session.
    api_token: ApiToken | None
    # core/panel/access.py: the panel section of the page, for its menu and headings.
    panel_section: Section
