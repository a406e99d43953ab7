"""The WSGI app granian serves: Django's own, on the bench's Wagtail settings."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.wagtail_site.settings")
application = get_wsgi_application()
