"""The WSGI application: Django alone, for servers that speak WSGI (core/handler.py's handler)."""

import os

from frontdesk.core.handler import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "frontdesk.settings")
application = get_wsgi_application()
