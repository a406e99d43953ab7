"""The inbox's public address: POST {FRONTDESK["inbox"]["path"]}/<slug>."""

from django.urls import path

from frontdesk.inbox.conf import inbox_settings
from frontdesk.inbox.site import views

app_name = "inbox"
urlpatterns = [path(f"{inbox_settings()['path']}/<slug:slug>", views.submit, name="submit")]
