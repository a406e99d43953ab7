"""The attributes frontdesk puts on a request, declared in this one place for the type checker.

Django's HttpRequest does not know them. The code that sets one sees the request as a
`FrontdeskRequest` through `typing.cast`; nothing is subclassed at run time, the request stays
the one Django made. Code that reads one where it may be missing uses getattr with a default.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.http import HttpRequest

if TYPE_CHECKING:
    from django.db.models import Model

    from frontdesk.core.models import ApiToken
    from frontdesk.core.panel.sections import Section
    from frontdesk.publishing.head import HeadCollector


class FrontdeskRequest(HttpRequest):
    # core/api/auth.py: the bearer token an API call came with; None for the browser's session.
    api_token: ApiToken | None
    # core/panel/access.py: the panel section of the page, for its menu and headings.
    panel_section: Section
    # routes/serving.py: the object whose stored address was asked for, for its other
    # languages' addresses in the layout.
    routed_object: Model
    # publishing/head.py: what the page's content says about itself, for the layout's head.
    head: HeadCollector
