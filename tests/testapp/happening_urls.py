"""The test happening categories' screen, as a module's urlconf mounts it."""

from frontdesk.categories.panel import category_urlpatterns

urlpatterns = category_urlpatterns("test-happening", section="testapp-happenings")
