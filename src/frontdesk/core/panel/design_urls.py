from django.urls import path

from frontdesk.core.panel import design_views as views

urlpatterns = [path("", views.index, name="index")]
