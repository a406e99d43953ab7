"""`frontdesk faq_install_block [--no-input] [--dry-run]`: install the FAQ block type (slug `faq`)
on the host's pattern (docs/host.md, "Offering and installing block types"). A type the site
already has under `faq` is never touched, and the command says so."""

from frontdesk.blocks.install_command import InstallCommand


class Command(InstallCommand):
    help = "Install the FAQ block type (slug faq); a type already under that slug is left as it is."
    offer_slugs = ("faq",)
