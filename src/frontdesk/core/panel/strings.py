"""The few words the panel's ES modules show, translated on the server (no JS catalog needed).

The shell prints them as JSON ({% panel_strings %}); js/i18n.js reads them. Placeholders use
Python's %(name)s form so translators see and keep them.
"""

from __future__ import annotations

from django.utils.translation import gettext as _


def js_strings() -> dict[str, str]:
    return {
        "close": _("Dismiss"),
        "error.generic": _("Something went wrong. Please try again."),
        "error.network": _("The server could not be reached. Check your connection and try again."),
        "error.session": _("Your session has ended. Log in again to continue."),
        "error.summary": _("Please correct the marked fields."),
        "confirm.title": _("Are you sure?"),
        "confirm.ok": _("Continue"),
        "confirm.cancel": _("Cancel"),
        "sortable.up": _("Move %(item)s up"),
        "sortable.down": _("Move %(item)s down"),
        "sortable.moved": _("%(item)s moved to position %(position)s of %(total)s."),
        "table.first": _("First page"),
        "table.previous": _("Previous page"),
        "table.next": _("Next page"),
        "table.last": _("Last page"),
        "table.pages": _("Pages"),
        "table.page": _("Page %(page)s of %(pages)s"),
        "table.total": _("Total: %(total)s"),
        "table.empty": _("Nothing to show."),
        "table.loading": _("Loading…"),
        "yes": _("Yes"),
        "no": _("No"),
        "unsaved.title": _("Leave without saving?"),
        "unsaved.message": _("You have changes that are not saved yet. If you leave now, they are lost."),
        "unsaved.leave": _("Leave"),
        "unsaved.stay": _("Stay"),
        "picture.edit": _("Edit"),
        "picture.edit_named": _("Edit %(name)s"),
        "picture.facts": _("%(width)s × %(height)s pixels"),
        # The places using a picture that the account may not open: counted, never named.
        "picture.unnamed_uses": _("Places you may not open: %(count)s"),
        "picker.title": _("Choose a picture"),
        "picker.search": _("Search pictures"),
        "picker.choose": _("Choose %(name)s"),
        "picker.empty": _("No picture found."),
        "richtext.toolbar": _("Formatting"),
        "richtext.paragraph": _("Paragraph"),
        "richtext.heading": _("Heading"),
        "richtext.subheading": _("Subheading"),
        "richtext.bold": _("Bold"),
        "richtext.italic": _("Italic"),
        "richtext.link": _("Link"),
        "richtext.bulleted": _("Bulleted list"),
        "richtext.numbered": _("Numbered list"),
        "richtext.picture": _("Picture"),
        "richtext.missing": _("This picture is no longer in the library."),
        "link.title": _("Link"),
        "link.address": _("Address"),
        "link.hint": _(
            "A web address (https://…), an e-mail address (mailto:…) or an address on this site (/…)."
        ),
        "link.invalid": _("Give an address starting with https://, http://, mailto: or /."),
        "link.apply": _("Apply"),
        "link.remove": _("Remove the link"),
    }
