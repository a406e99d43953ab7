from django.urls import path

from frontdesk.pages.panel import views

urlpatterns = [
    path("", views.page_list, name="index"),
    path("<int:page>/", views.editor, name="editor"),
]
