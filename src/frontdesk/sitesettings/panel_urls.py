from django.urls import path

from frontdesk.sitesettings import panel_views as views

urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:group>/", views.group_page, name="group"),
]
