"""The public site's own pages. Services print into the same layout (site/base.html)."""

from django.shortcuts import render


def home(request):
    return render(request, "site/home.html")
