"""Wagtail's pages at the root, as the project template mounts them (the admin is not measured)."""

from django.urls import include, path
from wagtail import urls as wagtail_urls

urlpatterns = [path("", include(wagtail_urls))]
