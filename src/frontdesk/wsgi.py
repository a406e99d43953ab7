"""The WSGI application `frontdesk serve` runs under granian, for any WSGI server.

Django for every address, the MCP server at FRONTDESK["mcp"]["path"] (core/serving.py `Site`),
with forwarded headers believed only from settings.TRUSTED_PROXIES.
"""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "frontdesk.settings")

from frontdesk.core.serving import build_application

application = build_application()
