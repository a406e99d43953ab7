"""The inbox app: registers its panel section, API router, MCP tools and demo content."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class InboxConfig(AppConfig):
    name = "frontdesk.inbox"
    label = "inbox"
    verbose_name = _("Inbox")

    def ready(self) -> None:
        from frontdesk.core.api import register_router
        from frontdesk.core.bin.registry import BinType, register_bin_type
        from frontdesk.core.demo import DemoBlocks, register_demo, register_demo_blocks
        from frontdesk.core.notes import NoteEntity, register_entity
        from frontdesk.core.panel.sections import Section, register_section
        from frontdesk.inbox import (
            checks,  # noqa: F401  (registers the system checks)
            demo,
        )
        from frontdesk.inbox.api import router
        from frontdesk.inbox.conf import inbox_settings
        from frontdesk.inbox.mcp_tools import register_inbox_tools
        from frontdesk.inbox.operations import fields
        from frontdesk.inbox.panel.screens import FORM_EDITOR
        from frontdesk.inbox.permissions import MANAGE, UPDATE, VIEW
        from frontdesk.publishing.project_fields import register_screen
        from frontdesk.routes.registry import register_reserved_path

        # The public door and the demo pages: no object's address may stand there.
        register_reserved_path("inbox-door", inbox_settings()["path"])
        register_reserved_path("inbox-pages", "forms")
        # A field put aside is in the bin; restoring it brings it back to its form.
        register_bin_type(
            BinType(
                name="inbox.field",
                model="inbox.Field",
                permission=MANAGE,
                describe=fields.describe_field,
                refuse_restore=fields.refuse_field_restore,
                changed=fields.field_changed,
            )
        )

        # The form editor carries the project-fields card; a bad patch for it stops start-up here.
        register_screen(FORM_EDITOR)
        register_demo("inbox", seed=demo.seed, remove=demo.remove, pages=demo.pages)
        # The contact form on the pages demo's contact page, placed when pages are installed.
        register_demo_blocks(DemoBlocks(name="inbox", blocks=demo.demo_blocks, install=("inbox-form",)))
        register_router("/inbox", router)
        register_inbox_tools()
        register_entity(
            NoteEntity(
                "inbox_submission",
                model="inbox.Submission",
                view_permission=VIEW,
                add_permission=UPDATE,
            )
        )
        register_section(
            Section(
                key="inbox",
                label=_("Inbox"),
                icon="inbox",
                permission=VIEW,
                order=10,
                landing=inbox_settings()["landing"],
                urlconf="frontdesk.inbox.panel.urls",
            )
        )
