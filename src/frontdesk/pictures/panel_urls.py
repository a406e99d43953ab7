from django.urls import path

from frontdesk.pictures import panel_views as views

urlpatterns = [path("", views.index, name="index")]
