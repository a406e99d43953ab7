"""The shell's own pages: the landing redirect, login, logout and the password pages.

Logging in and asking for a new password are throttled by core/accounts.py; these views only
hand it the typed-in account and the client's address.
"""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm
from django.http import HttpResponseBase, HttpResponseRedirect
from django.shortcuts import redirect, render

from frontdesk.core import accounts
from frontdesk.core.panel.menu import section_url
from frontdesk.core.panel.sections import landing_section_for
from frontdesk.core.visitors import visitor_address


def after_response(response: HttpResponseBase, work: Callable[[], object]) -> None:
    """Run `work` once the server has sent `response`.

    The server calls `response.close()` after the last byte; Django runs the response's closers
    there (its own handler closes the request that way), so the client has its answer first.
    """
    response._resource_closers.append(work)  # type: ignore[attr-defined]  # Django's, not in the stubs


@login_required
def home(request):
    section = landing_section_for(request.user)
    if section is None:
        return render(request, "panel/no_sections.html")
    return redirect(section_url(section))


class ThrottledAuthenticationForm(AuthenticationForm):
    def clean(self):
        def attempt():
            super(ThrottledAuthenticationForm, self).clean()
            return self.get_user()  # None when a field was missing and nothing was checked

        username = self.cleaned_data.get("username") or ""
        assert self.request is not None  # LoginView gives its form the request
        accounts.throttled_login(username, visitor_address(self.request, anonymise=False), attempt)
        return self.cleaned_data


class LoginView(auth_views.LoginView):
    template_name = "panel/login.html"
    redirect_authenticated_user = True
    authentication_form = ThrottledAuthenticationForm


class PanelPasswordChangeView(auth_views.PasswordChangeView):
    template_name = "panel/password_change.html"


class PasswordResetRequestForm(forms.Form):
    """Django's reset form without its sending: only the address, checked by the throttle."""

    # Django's own field, with its label, its autocomplete and their translations.
    email = PasswordResetForm.base_fields["email"]

    def __init__(self, *args, request=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.request = request

    def clean(self):
        cleaned = super().clean()
        if cleaned is not None and "email" in cleaned:
            accounts.ask_password_reset(cleaned["email"], visitor_address(self.request, anonymise=False))
        return cleaned


class PanelPasswordResetView(auth_views.PasswordResetView):
    """Answers the same page for every address; the mail, if any, is written after the answer
    (core/accounts.send_password_reset, in the account's panel language)."""

    # Not a PasswordResetForm (the stubs ask for one): form_valid below never calls its save().
    form_class = PasswordResetRequestForm  # type: ignore[assignment]
    template_name = "panel/password_reset.html"

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}

    def form_valid(self, form):
        response = HttpResponseRedirect(self.get_success_url())
        email = form.cleaned_data["email"]
        after_response(response, lambda: accounts.send_password_reset.enqueue(email=email))
        return response


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
