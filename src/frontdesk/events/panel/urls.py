"""TEMPORARY on branch `editor` until the `panel` branch lands (it owns this file): the list and
the editor of the Events section."""

from django.urls import path

from frontdesk.events.panel import editor, views

urlpatterns = [
    path("", views.event_list, name="list"),
    path("<int:event>/", editor.editor, name="editor"),
]
