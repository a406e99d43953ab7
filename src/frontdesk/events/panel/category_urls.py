"""The events' Categories screen under /cms/events/categories/: the host's, for the events type."""

from frontdesk.categories.panel import category_urlpatterns
from frontdesk.events.models import CATEGORY_TYPE
from frontdesk.events.panel import CATEGORIES

urlpatterns = category_urlpatterns(CATEGORY_TYPE, section=CATEGORIES)
