"""The inbox's panel JSON API under /api/cms/inbox (docs/inbox.md, "Panel API")."""

from frontdesk.core.api.routing import PanelRouter

router = PanelRouter(tags=["inbox"])
