"""The block system's app: registers the host's block codes and offers, the API router, the Block
types section, and the inbox form block when the inbox is installed."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BlocksConfig(AppConfig):
    name = "frontdesk.blocks"
    label = "blocks"
    verbose_name = _("Blocks")

    def ready(self) -> None:
        from django.apps import apps

        from frontdesk.blocks import inbox_form
        from frontdesk.blocks.api import router
        from frontdesk.blocks.codes import register_block_code
        from frontdesk.blocks.host_types import HeadingBlock, PictureBlock, TextBlock
        from frontdesk.blocks.offers import Offer, register_offer
        from frontdesk.blocks.permissions import MANAGE
        from frontdesk.core.api import register_router
        from frontdesk.core.panel.sections import Section, register_section

        for code in (HeadingBlock(), TextBlock(), PictureBlock()):
            register_block_code(code)
            register_offer(Offer(slug=code.slug, name=code.label, code=code.slug))
        # The inbox knows nothing of blocks: its form block is ours, and only when it is there.
        if apps.is_installed("frontdesk.inbox"):
            inbox_form.register()
        register_router("/blocks", router)
        register_section(
            Section(
                key="blocks",
                label=_("Block types"),
                icon="square",
                permission=MANAGE,
                order=940,
                group=_("Settings"),
                path="block-types",
                urlconf="frontdesk.blocks.panel.urls",
            )
        )
