"""The site's addresses and the test pages of tests.testapp (override_settings(ROOT_URLCONF=...))."""

from django.conf.urls.i18n import i18n_patterns
from django.urls import path

from frontdesk import urls as site
from tests.testapp import views

urlpatterns = [
    *i18n_patterns(
        path("test-head/", views.head_page, name="test-head"),
        path("test-brochures/<int:pk>/", views.brochure_page, name="test-brochure"),
        path("test-posts/<int:pk>/", views.block_post_page, name="test-post"),
        prefix_default_language=False,
    ),
    *site.urlpatterns,
]
handler400 = site.handler400
handler404 = site.handler404
