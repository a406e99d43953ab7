"""The panel's own addresses, then one include per registered section."""

from django.contrib.auth import views as auth_views
from django.urls import include, path, reverse_lazy

from frontdesk.core.panel import views
from frontdesk.core.panel.sections import all_sections

app_name = "panel"

own_patterns = [
    path("", views.home, name="home"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "password/change/",
        views.PanelPasswordChangeView.as_view(success_url=reverse_lazy("panel:password_change_done")),
        name="password_change",
    ),
    path("password/change/done/", views.password_change_done, name="password_change_done"),
    path(
        "password/reset/",
        views.PanelPasswordResetView.as_view(success_url=reverse_lazy("panel:password_reset_done")),
        name="password_reset",
    ),
    path("password/reset/sent/", views.password_reset_done, name="password_reset_done"),
    path(
        "password/reset/<uidb64>/<token>/",
        views.PanelPasswordResetConfirmView.as_view(
            success_url=reverse_lazy("panel:password_reset_complete")
        ),
        name="password_reset_confirm",
    ),
    path("password/reset/done/", views.password_reset_complete, name="password_reset_complete"),
]
urlpatterns = list(own_patterns)


def section_patterns() -> list:
    """One include per registered section, at the address the settings give it now."""
    return [
        path(f"{section.address}/", include((section.urlconf, section.url_namespace)))
        for section in all_sections()
    ]


# Built once, when the URLconf is first loaded: a site moves a section in its settings, not at run time.
urlpatterns += section_patterns()
