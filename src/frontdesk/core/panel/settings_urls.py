from django.urls import path

from frontdesk.core.panel import settings_views as views

urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:group>/", views.group_page, name="group"),
]
