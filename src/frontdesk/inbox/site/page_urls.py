"""Demo pages of the public site that print the demo forms (under the language prefixes)."""

from django.urls import path

from frontdesk.inbox.site import views

app_name = "inbox-site"
urlpatterns = [path("forms/<slug:slug>/", views.form_page, name="form-page")]
