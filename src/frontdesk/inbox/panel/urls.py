"""The Inbox section's pages under /cms/inbox/ (reversed as panel:panel-inbox:<name>)."""

from django.urls import path

from frontdesk.inbox.panel import editor, explorer

urlpatterns = [
    path("", explorer.explorer, name="explorer"),
    path("forms/<int:form>/", explorer.explorer, name="form"),
    path("forms/<int:form>/new-submission/", explorer.new_submission, name="new_submission"),
    path("submissions/<int:submission>/", explorer.submission, name="submission"),
    path("forms/new/", editor.form_new, name="form_new"),
    path("forms/<int:form>/edit/", editor.form_edit, name="form_edit"),
    path("forms/<int:form>/embedding/", editor.embedding, name="embedding"),
    path("statuses/", editor.statuses, name="statuses"),
]
