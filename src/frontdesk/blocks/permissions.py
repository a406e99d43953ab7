"""The block system's permission names, for code (templates keep `perms.blocks.manage`)."""

MANAGE = "blocks.manage"  # the Block types section: installed rows and offers
