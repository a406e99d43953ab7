from django.urls import path

from frontdesk.sitesettings.panel import views

urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:group>/", views.group_page, name="group"),
]
