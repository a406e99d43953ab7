"""The menu of the site's home page, as Wagtail's bakery demo builds its navigation."""

from django import template
from wagtail.models import Site

register = template.Library()


@register.simple_tag(takes_context=True)
def main_menu(context):
    site = Site.find_for_request(context["request"])
    return site.root_page.get_children().live().in_menu() if site else []
