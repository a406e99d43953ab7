"""`frontdesk blocks_install [<slug>...] [--no-input] [--dry-run]`: install offered block types."""

from frontdesk.blocks.install_command import InstallCommand


class Command(InstallCommand):
    pass
