"""The panel API root at /api/cms/: one NinjaAPI that apps add their routers to in `ready()`.

from frontdesk.core.api import register_router
register_router("/inbox", router)
"""

from frontdesk.core.api.root import api, register_router

__all__ = ["api", "register_router"]
