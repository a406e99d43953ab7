"""The Services section's pages under /cms/services/ (reversed as panel:panel-services:<name>)."""

from django.urls import path

from frontdesk.services.panel import views

urlpatterns = [
    path("", views.service_list, name="list"),
    path("bin/", views.service_bin, name="bin"),
    path("new/", views.service_new, name="new"),
    path("<int:service>/", views.service_edit, name="edit"),
]
