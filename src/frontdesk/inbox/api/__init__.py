"""The inbox's panel JSON API under /api/cms/inbox (docs/inbox.md, "Panel API").

Thin doors: each route parses its body, calls one operation or query and answers with the
shapes in `schemas.py`; the operations hold every rule and key their errors by field. The route
modules attach themselves to `router` when imported below, in an order that matters: a fixed
path (`/forms/sorting`) is registered before the one with a parameter it would otherwise match.
"""

from frontdesk.core.api.routing import PanelRouter

router = PanelRouter(tags=["inbox"])

from frontdesk.inbox.api import forms, statuses, submissions, files  # noqa: E402, F401, I001
