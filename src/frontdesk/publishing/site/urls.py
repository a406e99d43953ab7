from django.urls import path

from frontdesk.publishing.site import views

app_name = "site"
urlpatterns = [
    path("", views.home, name="home"),
    path("favicon.ico", views.favicon, name="favicon"),
]
