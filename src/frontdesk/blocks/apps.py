"""The block system's app: registers the host's block codes and offers, the API router, the Block
types section, and the inbox form block when the inbox is installed."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BlocksConfig(AppConfig):
    name = "frontdesk.blocks"
    label = "blocks"
    verbose_name = _("Blocks")

    def ready(self) -> None:
        from frontdesk.blocks.codes import register_block_code
        from frontdesk.blocks.host_types import HeadingBlock, TextBlock

        register_block_code(HeadingBlock())
        register_block_code(TextBlock())
