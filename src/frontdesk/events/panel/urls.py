"""The Events section's pages under /cms/events/ (reversed as panel:panel-events:<name>)."""

from django.urls import path

from frontdesk.events.panel import editor, views

urlpatterns = [
    path("", views.event_list, name="list"),
    path("<int:event>/", editor.editor, name="editor"),
]
