"""`{{ value|translated }}`: a translated value ({lang: text}) in the active language, with fallback."""

from django import template

from frontdesk.core.languages import translate

register = template.Library()


@register.filter
def translated(value) -> str:
    return translate(value)
