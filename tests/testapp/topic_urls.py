"""The test topics' Categories screen, as a module's urlconf mounts it."""

from frontdesk.categories.panel import category_urlpatterns

urlpatterns = category_urlpatterns("test-topic", section="testapp-topics")
