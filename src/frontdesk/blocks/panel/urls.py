from django.urls import path

from frontdesk.blocks.panel import views

urlpatterns = [path("", views.index, name="index")]
