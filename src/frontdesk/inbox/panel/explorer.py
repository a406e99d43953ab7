"""The explorer (a form's submissions), the submission screen and New submission.

Server-rendered from inbox.queries, so each page costs a fixed number of queries however many
submissions a form has; every change is made by the page's module through the panel JSON API.
The read rule lives here because it is about the screen: opening a submission's own screen
marks it read (operations.mark_read), by whoever opens it; the API and the agent tools never do.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language_info
from django.utils.translation import gettext as _

from frontdesk.core import notes
from frontdesk.core.languages import site_language_codes, translate
from frontdesk.core.panel.access import panel_page
from frontdesk.inbox import queries
from frontdesk.inbox.models import Status, Submission
from frontdesk.inbox.operations import mark_read
from frontdesk.inbox.panel.controls import panel_controls
from frontdesk.inbox.panel.layout import inbox_context
from frontdesk.inbox.panel.listing import ListAddress, read_address
from frontdesk.inbox.permissions import UPDATE


@dataclass(frozen=True)
class ListRow:
    submission: Submission
    cells: list[tuple[str, str]]  # (column label, answer) of the in_table fields, in column order
    url: str


@panel_page("inbox")
def explorer(request: HttpRequest, form: int | None = None) -> HttpResponse:
    """A form's submissions: tabs, filters, one page of rows. /cms/inbox/ opens the first form."""
    context = inbox_context(request, form)
    if context["form"] is None:
        return render(request, "inbox/panel/explorer.html", context)
    address = read_address(request.GET)
    canonical = address.query()
    if not address.errors and request.GET and request.GET.urlencode() != canonical.removeprefix("?"):
        # The filter form sends its empty inputs too; one short address per list state.
        return redirect(request.path + canonical)
    page = queries.submission_page(context["form"], address.filter, page=address.page)
    if page.current_page > page.last_page:  # an old link past the end: show the last page
        address = ListAddress(address.filter, page.last_page, address.errors, address.typed)
        page = queries.submission_page(context["form"], address.filter, page=page.last_page)
    detail = reverse("panel:panel-inbox:submission", args=[0]).removesuffix("0/")
    here = reverse("panel:panel-inbox:form", args=[context["form"].pk])
    link = address.query()
    labels = [str(column) for column in page.columns]
    rows = [
        ListRow(
            row,
            [
                (label, row.cells.get(column.name, ""))
                for label, column in zip(labels, page.columns, strict=True)
            ],
            f"{detail}{row.pk}/{link}",
        )
        for row in page.rows
    ]
    context.update(
        address=address,
        page=page,
        rows=rows,
        colspan=len(labels) + 3 + int(context["can_update"]),
        tabs=[(tab, address.query(tab=tab.key, page=1)) for tab in page.tabs],
        pages={
            "first": here + address.query(page=1),
            "previous": here + address.query(page=page.current_page - 1),
            "next": here + address.query(page=page.current_page + 1),
            "last": here + address.query(page=page.last_page),
            "has_previous": page.current_page > 1,
            "has_next": page.current_page < page.last_page,
        },
        clear_query=ListAddress(queries.SubmissionFilter(tab=address.filter.tab)).query(),
        statuses=[tab for tab in page.tabs if tab.key not in (queries.ALL, queries.UNREAD)],
        assignees=list(queries.assignees()),
        filters_open=bool(address.errors or _filtered_beyond_search(address)),
        search_max_length=queries.MAX_SEARCH_LENGTH,
    )
    return render(request, "inbox/panel/explorer.html", context)


def _filtered_beyond_search(address: ListAddress) -> bool:
    flt = address.filter
    return bool(flt.status or flt.assignee or flt.since or flt.until)


def _language_name(code: str) -> str:
    try:
        return get_language_info(code)["name_translated"]
    except KeyError:
        return code


def _metadata(metadata: dict) -> list[tuple[str, str]]:
    labels = {"ip": _("Visitor's address"), "user_agent": _("Browser"), "page": _("Sent from the page")}
    shown = [(key, value) for key, value in (metadata or {}).items() if value not in ("", None)]
    return [(labels.get(key, key), str(value)) for key, value in shown]


@panel_page("inbox")
def submission(request: HttpRequest, submission: int) -> HttpResponse:
    """One submission on its own address; the query string is the list's, for Back and prev/next."""
    target = get_object_or_404(Submission.objects.only("pk", "form_id"), pk=submission)
    mark_read(target, actor=request.user)  # the read rule (module docstring)
    item = queries.submission_detail(target.pk)
    address = read_address(request.GET)
    if address.errors:  # a spoilt address still walks a list: the whole form's
        address = ListAddress(queries.SubmissionFilter(), 1)
    previous, following = queries.neighbours(item, address.filter)
    detail = reverse("panel:panel-inbox:submission", args=[0]).removesuffix("0/")
    link = address.query()
    files = list(item.files.all())
    answers = [
        (answer, translate(answer.label) or answer.name, [f for f in files if f.answer_name == answer.name])
        for answer in item.answers.all()
    ]
    shown = {f.pk for _answer, _label, own in answers for f in own}
    context = inbox_context(request, item.form_id)
    context.update(
        item=item,
        address=address,
        back=reverse("panel:panel-inbox:form", args=[item.form_id]) + link,
        previous=f"{detail}{previous}/{link}" if previous else "",
        next=f"{detail}{following}/{link}" if following else "",
        answers=answers,
        loose_files=[f for f in files if f.pk not in shown],
        metadata=_metadata(item.metadata),
        language=_language_name(item.language),
        log=queries.log_entries(list(item.log.all())),
        notes=notes.list_notes(request.user, "inbox_submission", str(item.pk)),
        statuses=list(Status.objects.order_by("position", "id")) if context["can_update"] else [],
        assignees=list(queries.assignees()) if context["can_update"] else [],
    )
    return render(request, "inbox/panel/submission.html", context)


@panel_page("inbox", UPDATE)
def new_submission(request: HttpRequest, form: int) -> HttpResponse:
    """A submission typed in by hand: the form's fields as panel controls, posted to the API."""
    context = inbox_context(request, form)
    if context["form"] is None:
        raise Http404
    languages = [(code, _language_name(code)) for code in site_language_codes()]
    context.update(
        controls=panel_controls(context["form"]),
        languages=languages,
        detail=reverse("panel:panel-inbox:submission", args=[0]).removesuffix("0/"),
    )
    return render(request, "inbox/panel/new_submission.html", context)
