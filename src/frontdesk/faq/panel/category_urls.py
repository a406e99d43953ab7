"""The FAQ's Categories screen under /cms/faq/categories/: the host's, for the faq type."""

from frontdesk.categories.panel import category_urlpatterns
from frontdesk.faq.panel import CATEGORIES
from frontdesk.faq.panel.screens import CATEGORY_TYPE

urlpatterns = category_urlpatterns(CATEGORY_TYPE, section=CATEGORIES)
