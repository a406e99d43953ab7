"""`frontdesk inbox_seed_bench`: realistic bulk data whose kept counts, search and lists hold up."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db.models import Count, Q

from frontdesk.core.models import LogEntry
from frontdesk.inbox import queries
from frontdesk.inbox.models import Answer, Form, Status, Submission, Tally
from frontdesk.inbox.models.submissions import Attachment

pytestmark = pytest.mark.django_db


def seed(**options) -> str:
    out = StringIO()
    call_command("inbox_seed_bench", stdout=out, verbosity=0, **{"forms": 2, "submissions": 300, **options})
    return out.getvalue()


@pytest.fixture
def seeded() -> str:
    return seed()


def real_counts() -> dict[tuple[int, int], tuple[int, int]]:
    rows = Submission.objects.values("form_id", "status_id").annotate(
        total=Count("id"), unread=Count("id", filter=Q(is_unread=True))
    )
    return {(row["form_id"], row["status_id"]): (row["total"], row["unread"]) for row in rows.order_by()}


def kept_counts() -> dict[tuple[int, int], tuple[int, int]]:
    return {(t.form_id, t.status_id): (t.total, t.unread) for t in Tally.objects.all() if t.total or t.unread}


def test_seeding_makes_the_forms_and_submissions_asked_for_and_says_how_fast(seeded):
    assert Form.objects.count() == 2
    assert Submission.objects.count() == 300
    assert LogEntry.objects.filter(action="submission.created").count() == 300
    assert "Seeded 2 forms and 300 submissions" in seeded and "rows/s" in seeded
    for form in Form.objects.all():
        fields = list(form.live_fields())
        assert 4 <= len(fields) <= 6
        assert [f.machine_name for f in fields][:3] == ["name", "email", "message"]
        assert queries.columns(form), "some fields are list columns"
    assert not Submission.objects.filter(answers__isnull=True).exists()


def test_the_kept_counts_match_a_real_count(seeded):
    assert kept_counts() == real_counts()
    for form in Form.objects.all():
        spam = Status.objects.get(is_spam=True)
        expected = Submission.objects.filter(form=form).exclude(status=spam)
        assert queries.form_counts(form) == {
            "total": expected.count(),
            "unread": expected.filter(is_unread=True).count(),
        }


def test_the_data_is_spread_like_a_real_inbox(seeded):
    total = Submission.objects.count()
    first, last = (
        Submission.objects.order_by("created_at").first(),
        Submission.objects.order_by("created_at").last(),
    )
    assert last.created_at - first.created_at > timedelta(days=600)
    by_flag = {
        "spam": Submission.objects.filter(status__is_spam=True).count(),
        "arrival": Submission.objects.filter(status__is_arrival=True).count(),
        "closed": Submission.objects.filter(status__is_closed=True, status__is_spam=False).count(),
    }
    assert 0 < by_flag["spam"] < total * 0.15
    assert by_flag["arrival"] > 0 and by_flag["closed"] > 0
    assert total * 0.15 < Submission.objects.filter(is_unread=True).count() < total * 0.5
    assert 0 < Submission.objects.filter(assignee__isnull=False).count() < total * 0.5
    assert Submission.objects.filter(assignee__isnull=False, status__is_spam=True).count() == 0
    assert set(Submission.objects.values_list("language", flat=True)) <= {"en", "de", "ru"}
    answer = Answer.objects.filter(name="name").first()
    assert answer.label == {"en": "Your name", "de": "Ihr Name"} and answer.type == "text"
    assert answer.submission.search_text.startswith(" " + " ".join(answer.value.lower().split()))


def test_the_search_finds_the_seeded_words(seeded):
    for words in ("invoice", "please call", "PLEASE"):
        hits = 0
        for form in Form.objects.all():
            found = set(queries.filtered(form, queries.parse_filter({"q": words})))
            expected = Submission.objects.filter(form=form).exclude(status__is_spam=True)
            for word in words.lower().split():
                expected = expected.filter(
                    pk__in=Answer.objects.filter(value__icontains=word).values("submission")
                )
            assert found == set(expected)
            hits += len(found)
        assert hits > 0, words


def test_the_explorers_queries_work_on_the_seeded_data(seeded):
    form = max(Form.objects.all(), key=lambda item: item.submissions.count())
    first = queries.submission_page(form, queries.parse_filter({}), per_page=25)
    unread = queries.submission_page(form, queries.parse_filter({"tab": "unread"}), per_page=200)

    assert len(first.rows) == 25
    assert first.total == queries.form_counts(form)["total"]
    assert [row.created_at for row in first.rows] == sorted(
        (row.created_at for row in first.rows), reverse=True
    )
    assert all(row.cells["name"] and "@" in row.cells["email"] for row in first.rows)
    assert unread.rows and all(row.is_unread and not row.status.is_spam for row in unread.rows)
    assert unread.total == len(unread.rows) == queries.form_counts(form)["unread"]
    last = queries.submission_page(form, queries.parse_filter({}), page=first.last_page, per_page=25)
    assert last.rows and last.rows[-1].created_at == min(
        Submission.objects.filter(form=form)
        .exclude(status__is_spam=True)
        .values_list("created_at", flat=True)
    )


def test_a_database_with_submissions_is_refused_unless_appending(seeded):
    with pytest.raises(CommandError, match="already has submissions; add --append"):
        seed()
    assert Submission.objects.count() == 300

    seed(forms=1, submissions=50, append=True)

    assert Submission.objects.count() == 350
    assert Form.objects.count() == 3
    assert kept_counts() == real_counts()


def test_the_same_seed_makes_the_same_answers(db):
    seed(submissions=40, seed=7)
    first = list(Answer.objects.order_by("submission_id", "position").values_list("name", "value"))
    Answer.objects.all().delete()
    LogEntry.objects.all().delete()
    Submission.objects.all().delete()
    Form.objects.all().delete()

    seed(submissions=40, seed=7)

    assert list(Answer.objects.order_by("submission_id", "position").values_list("name", "value")) == first


def test_files_are_attached_through_the_intakes_storage(db, settings, tmp_path):
    settings.STORAGES = {
        **settings.STORAGES,
        "inbox": {"BACKEND": "django.core.files.storage.FileSystemStorage",
                  "OPTIONS": {"location": str(tmp_path), "base_url": None}},
    }  # fmt: skip
    seed(submissions=30, files=4)

    attachments = list(Attachment.objects.select_related("submission"))
    assert len(attachments) == 4
    for item in attachments:
        assert item.stored_name.name.startswith(f"inbox/{item.submission.form_id}/{item.submission_id}/")
        assert (tmp_path / item.stored_name.name).read_bytes().startswith(b"%PDF-")
        assert item.submission.answers.get(name="document").value == item.original_name


@pytest.mark.parametrize(
    "options",
    [{"forms": 0}, {"submissions": -1}, {"files": 301}, {"batch_size": 0}],
)
def test_bad_numbers_are_refused(db, options):
    with pytest.raises(CommandError, match="Give --forms 1 or more"):
        seed(**options)
    assert not Form.objects.exists()
