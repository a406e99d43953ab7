"""The inbox's public address: POST {FRONTDESK["inbox"]["path"]}/<slug>."""

from django.conf import settings
from django.urls import path

from frontdesk.inbox import views

app_name = "inbox"
urlpatterns = [path(f"{settings.FRONTDESK['inbox']['path']}/<slug:slug>", views.submit, name="submit")]
