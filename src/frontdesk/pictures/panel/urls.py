from django.urls import path

from frontdesk.pictures.panel import views

urlpatterns = [path("", views.index, name="index")]
