"""The shell's own pages: the landing redirect, login, logout and the password pages."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordResetForm
from django.shortcuts import redirect, render
from django.utils import translation

from frontdesk.core.panel.menu import section_url
from frontdesk.core.panel.sections import landing_section_for


@login_required
def home(request):
    section = landing_section_for(request.user)
    if section is None:
        return render(request, "panel/no_sections.html")
    return redirect(section_url(section))


class LoginView(auth_views.LoginView):
    template_name = "panel/login.html"
    redirect_authenticated_user = True


class PanelPasswordChangeView(auth_views.PasswordChangeView):
    template_name = "panel/password_change.html"


class AccountLanguageResetForm(PasswordResetForm):
    """Writes the reset mail in the account's panel language, not the requester's."""

    def send_mail(self, subject_template_name, email_template_name, context, *args, **kwargs):
        with translation.override(context["user"].panel_language):
            super().send_mail(subject_template_name, email_template_name, context, *args, **kwargs)


class PanelPasswordResetView(auth_views.PasswordResetView):
    form_class = AccountLanguageResetForm
    template_name = "panel/password_reset.html"
    email_template_name = "panel/mail/password_reset.txt"
    subject_template_name = "panel/mail/password_reset_subject.txt"


class PanelPasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "panel/password_reset_confirm.html"


def _message(request, key: str):
    return render(request, "panel/message.html", {"message_key": key})


@login_required
def password_change_done(request):
    return _message(request, "password_changed")


def password_reset_done(request):
    return _message(request, "reset_sent")


def password_reset_complete(request):
    return _message(request, "reset_complete")
