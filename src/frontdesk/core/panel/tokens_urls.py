from django.urls import path

from frontdesk.core.panel import tokens_views as views

urlpatterns = [path("", views.index, name="index")]
