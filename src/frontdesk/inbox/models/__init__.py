"""The inbox's rows: forms and their fields, statuses, submissions with answers, files and log."""

from frontdesk.inbox.models.access import Access
from frontdesk.inbox.models.forms import Field, Form
from frontdesk.inbox.models.statuses import Status
from frontdesk.inbox.models.submissions import Answer, Attachment, Submission
from frontdesk.inbox.models.tallies import Tally

__all__ = ["Access", "Answer", "Attachment", "Field", "Form", "Status", "Submission", "Tally"]
