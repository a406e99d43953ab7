"""The Questions section's pages under /cms/faq/questions/ (reversed as
panel:panel-faq-questions:<name>)."""

from django.urls import path

from frontdesk.faq.panel import views

urlpatterns = [
    path("", views.question_list, name="list"),
    path("bin/", views.question_bin, name="bin"),
    path("new/", views.question_new, name="new"),
    path("<int:question>/", views.question_edit, name="edit"),
]
