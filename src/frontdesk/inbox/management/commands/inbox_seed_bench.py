"""`frontdesk inbox_seed_bench --forms 20 --submissions 1000000 [--files 0] [--seed 1] [--append]`

Fills the inbox with realistic data for the benchmarks (bench/panel.py, bench/export.py). Forms
come through `create_form`/`update_form`; submissions, their answers and log lines are bulk-created in batches,
one transaction each, and the kept counts are rebuilt at the end (`tallies.recount`). The data
(docs/performance.md, "Seeded data"): two years of submissions, older ones mostly handled,
about 5 % spam and 30 % unread, a quarter of the rest assigned, messages from a small vocabulary
in which "invoice" is common (about 5 %) and "zeppelin" rare (about 1 in 1,000).
"""

from __future__ import annotations

import random
import time
from datetime import timedelta
from itertools import accumulate
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone
from rich.progress import Progress

from frontdesk.core.models import LogEntry
from frontdesk.inbox.answers import CleanAnswer
from frontdesk.inbox.models import Answer, Form, Status, Submission
from frontdesk.inbox.operations import create_form
from frontdesk.inbox.operations.intake import answers_hash
from frontdesk.inbox.operations.tallies import recount
from frontdesk.inbox.uploads import clean_files, file_answers, remove_files, store_files

DAYS = 730
# fmt: off
FIRST = ["Ada", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hugo", "Ida", "Jonas", "Karla", "Leon",
         "Mia", "Noah", "Olga", "Paul", "Rosa", "Sven", "Tara", "Umar"]
LAST = ["Lovelace", "Meyer", "Schmidt", "Novak", "Rossi", "Dubois", "Ivanova", "Smith", "Jensen", "Costa",
        "Kowalski", "Berg", "Weber", "Petrov", "Lind"]
COMPANIES = ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Vandelay", "Stark", "Wayne", "Tyrell", "Soylent"]
COMMON = ["please", "call", "me", "back", "about", "the", "offer", "for", "our", "office", "next", "week", "we",
          "need", "a", "quote", "price", "delivery", "time", "order", "question", "help", "project", "team",
          "meeting", "thanks", "hello", "would", "like", "more", "information", "booking", "date"]
# fmt: on
TOPICS = ["quote", "support", "booking", "other"]
DAYS_OF_WEEK = ["mon", "tue", "wed", "thu", "fri"]
AGENTS = ["seed-agent-1@example.invalid", "seed-agent-2@example.invalid", "seed-agent-3@example.invalid"]
PDF = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n"

# Every form has name, e-mail and message; each also gets one to three of the optional ones.
BASE_FIELDS: list[dict[str, Any]] = [
    {"machine_name": "name", "type": "text", "label": {"en": "Your name", "de": "Ihr Name"}, "required": True,
     "in_table": True},
    {"machine_name": "email", "type": "email", "label": {"en": "E-mail", "de": "E-Mail"}, "required": True,
     "in_table": True},
    {"machine_name": "message", "type": "textarea", "label": {"en": "Message", "de": "Nachricht"}},
]  # fmt: skip
OPTIONAL_FIELDS: list[dict[str, Any]] = [
    {
        "machine_name": "topic",
        "type": "select",
        "label": {"en": "Topic"},
        "in_table": True,
        "choices": TOPICS,
    },
    {"machine_name": "company", "type": "text", "label": {"en": "Company"}},
    {"machine_name": "phone", "type": "tel", "label": {"en": "Telephone"}},
    {"machine_name": "days", "type": "checkbox", "label": {"en": "Good days"}, "choices": DAYS_OF_WEEK},
    {"machine_name": "visit", "type": "date", "label": {"en": "Preferred date"}},
]
FILE_FIELD: dict[str, Any] = {"machine_name": "document", "type": "file", "label": {"en": "Document"}}


class Command(BaseCommand):
    help = "Fill the inbox with realistic forms and submissions for the benchmarks (bulk, in batches)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--forms", type=int, default=20, help="Forms to create (default 20).")
        parser.add_argument(
            "--submissions", type=int, default=1_000_000, help="Submissions, spread over them."
        )
        parser.add_argument("--files", type=int, default=0, help="Submissions that get a small PDF attached.")
        parser.add_argument("--seed", type=int, default=1, help="Seed of the random choices (default 1).")
        parser.add_argument("--batch-size", type=int, default=5000, help="Submissions per transaction.")
        parser.add_argument("--append", action="store_true", help="Add to a database that has submissions.")

    def handle(self, *args, forms: int, submissions: int, files: int, seed: int, batch_size: int,
               append: bool, **options) -> None:  # fmt: skip
        if forms < 1 or submissions < 0 or not 0 <= files <= submissions or not 1 <= batch_size <= 50_000:
            raise CommandError(
                "Give --forms 1 or more, --submissions 0 or more, --files between 0 and --submissions, "
                "--batch-size between 1 and 50000."
            )
        if Submission.objects.exists() and not append:
            raise CommandError("This database already has submissions; add --append to add more.")
        started = time.perf_counter()
        rng = random.Random(seed)
        seeder = Seeder(rng, self._make_forms(rng, forms, with_files=files > 0), _agents())
        seeder.file_serials = set(rng.sample(range(submissions), files))
        rows = 0
        with Progress(disable=options["verbosity"] == 0, transient=True) as bar:
            task = bar.add_task("Seeding submissions", total=submissions)
            for start in range(0, submissions, batch_size):
                count = min(batch_size, submissions - start)
                rows += seeder.batch(start, count, submissions)
                bar.advance(task, count)
        recount()
        took = time.perf_counter() - started
        self.stdout.write(
            f"Seeded {forms} forms and {submissions:,} submissions ({rows:,} rows with answers, log lines "
            f"and files) in {took:.1f} s: {submissions / took:,.0f} submissions/s, {rows / took:,.0f} rows/s."
        )

    def _make_forms(self, rng: random.Random, count: int, *, with_files: bool) -> list[Form]:
        taken = set(Form.objects.values_list("slug", flat=True))
        numbers = (n for n in range(1, 10**6) if f"bench-{n}" not in taken)
        made = []
        for _index in range(count):
            number = next(numbers)
            fields = BASE_FIELDS + rng.sample(OPTIONAL_FIELDS, rng.randint(1, 3)) + [FILE_FIELD] * with_files
            made.append(
                create_form(
                    actor=None,
                    values={
                        "slug": f"bench-{number}",
                        "title": {"en": f"Bench form {number}"},
                        "email_field_name": "email",
                    },
                    fields=[dict(field) for field in fields],
                )
            )
        return made


def _agents() -> list:
    """Three accounts that may open the inbox, so some submissions can be assigned."""
    User = get_user_model()
    view = Permission.objects.get(content_type__app_label="inbox", codename="view")
    agents = []
    for email in AGENTS:
        account = User.objects.filter(email=email).first()
        if account is None:
            account = User.objects.create_user(email, None, display_name=email.split("@")[0])
            account.user_permissions.add(view)
        agents.append(account)
    return agents


class Seeder:
    """Builds one batch of submissions at a time; the choices follow a submission's age."""

    def __init__(self, rng: random.Random, forms: list[Form], agents: list):
        self.rng = rng
        self.forms = [(form, list(form.live_fields())) for form in forms]
        # Some forms are busier than others (weights 1, 1/2, 1/3 ... to the power 0.6).
        self.cum_weights = list(accumulate(1 / (rank + 1) ** 0.6 for rank in range(len(forms))))
        self.agents = agents
        statuses = list(Status.objects.all())
        self.by_flag = {
            "spam": [s for s in statuses if s.is_spam],
            "arrival": [s for s in statuses if s.is_arrival],
            "closed": [s for s in statuses if s.is_closed and not s.is_spam],
            "open": [s for s in statuses if not (s.is_closed or s.is_arrival or s.is_spam)],
        }
        self.file_serials: set[int] = set()
        self.end = timezone.now()
        self.start = self.end - timedelta(days=DAYS)

    def _status(self, age: float) -> Status:
        """age: 0 (newest) to 1 (two years old). New ones wait; old ones are mostly handled."""
        pick, by_flag = self.rng.random(), self.by_flag
        if pick < 0.05 and by_flag["spam"]:
            return by_flag["spam"][0]
        waiting = 0.8 - 0.7 * age  # share still New: 80 % of this week's, 10 % of the oldest
        if pick < 0.05 + 0.95 * waiting or not (by_flag["closed"] or by_flag["open"]):
            return by_flag["arrival"][0]
        kind = "open" if self.rng.random() < 0.25 * (1 - age) and by_flag["open"] else "closed"
        return self.rng.choice(by_flag[kind] or by_flag["closed"] or by_flag["arrival"])

    def _value(self, field, first: str, last: str, serial: int) -> tuple[str, list[str] | None]:
        rng = self.rng
        match field.machine_name:
            case "name":
                return f"{first} {last}", None
            case "email":
                return (
                    f"{first}.{last}{serial % 997}@example.{rng.choice(['com', 'org', 'de'])}".lower(),
                    None,
                )
            case "message":
                words = rng.choices(COMMON, k=rng.randint(6, 24))
                if rng.random() < 0.05:
                    words.insert(rng.randrange(len(words)), "invoice")
                if rng.random() < 0.001:
                    words.append("zeppelin")
                return " ".join(words).capitalize() + ".", None
            case "topic":
                return rng.choice(TOPICS), None
            case "company":
                return f"{rng.choice(COMPANIES)} {rng.choice(['GmbH', 'Ltd', 'Inc', 'AG'])}", None
            case "phone":
                return f"+49 {rng.randint(30, 99)} {rng.randint(100000, 9999999)}", None
            case "days":
                picked = [day for day in DAYS_OF_WEEK if rng.random() < 0.4] or ["mon"]
                return ", ".join(picked), picked
            case "visit":
                return (self.end.date() + timedelta(days=rng.randint(1, 90))).isoformat(), None
        return "", None

    def batch(self, start: int, count: int, total: int) -> int:
        """Create submissions start .. start+count-1 of `total` (oldest first); returns rows written."""
        rng = self.rng
        span = (self.end - self.start).total_seconds()
        made: list[Submission] = []
        serials: list[int] = []  # made[i] is submission number serials[i]
        answers_of: list[list[CleanAnswer]] = []
        languages = ["en"] * 7 + ["de"] * 2 + ["ru"]
        for serial in range(start, start + count):
            form, fields = rng.choices(self.forms, cum_weights=self.cum_weights)[0]
            created = self.start + timedelta(seconds=span * (serial + rng.random()) / max(total, 1))
            age = 1 - (serial / max(total, 1))
            first, last = rng.choice(FIRST), rng.choice(LAST)
            answers = []
            for field in fields:
                if field.type == "file":
                    continue
                value, payload = self._value(field, first, last, serial)
                if value and (field.required or rng.random() < 0.85):
                    answers.append(CleanAnswer(field, value, payload))
            status = self._status(age)
            unread = rng.random() < (0.6 if status.is_arrival else 0.08)
            assigned = not status.is_spam and rng.random() < 0.25
            made.append(
                Submission(
                    form=form,
                    status=status,
                    assignee=rng.choice(self.agents) if assigned else None,
                    source="panel" if rng.random() < 0.05 else "public",
                    metadata={"ip": f"203.0.113.{serial % 250 + 1}", "user_agent": "Mozilla/5.0 (seeded)"},
                    language=rng.choice(languages),
                    is_unread=unread,
                    answers_hash=answers_hash(answers),
                    search_text="\n".join(answer.value for answer in answers).lower(),
                    created_at=created,
                    updated_at=created,
                )
            )
            serials.append(serial)
            answers_of.append(answers)
        written: list[str] = []
        try:
            with transaction.atomic():
                return self._write(made, serials, answers_of, written)
        except BaseException:
            remove_files(written)
            raise

    def _write(
        self,
        made: list[Submission],
        serials: list[int],
        answers_of: list[list[CleanAnswer]],
        written: list[str],
    ) -> int:
        before = Submission.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
        Submission.objects.bulk_create(made)
        if made and made[0].pk is None:  # a database that cannot return ids from a bulk insert
            ids = list(Submission.objects.filter(pk__gt=before).order_by("pk").values_list("pk", flat=True))
            for submission, pk in zip(made, ids, strict=True):
                submission.pk = pk
        attached = self._attach(made, serials, answers_of, written)
        rows = [
            Answer(submission_id=submission.pk, field_id=answer.field.pk, name=answer.field.name,
                   label=answer.field.label, type=answer.field.type, value=answer.value,
                   payload=answer.payload, position=position)
            for submission, answers in zip(made, answers_of, strict=True)
            for position, answer in enumerate(answers)
        ]  # fmt: skip
        Answer.objects.bulk_create(rows, batch_size=5000)
        submission_type = ContentType.objects.get_for_model(Submission)
        LogEntry.objects.bulk_create(
            [
                LogEntry(
                    content_type=submission_type,
                    object_id=submission.pk,
                    action="submission.created",
                    detail={"source": submission.source},
                    created_at=submission.created_at,
                )
                for submission in made
            ],
            batch_size=5000,
        )
        return len(made) * 2 + len(rows) + attached

    def _attach(
        self,
        made: list[Submission],
        serials: list[int],
        answers_of: list[list[CleanAnswer]],
        written: list[str],
    ) -> int:
        """A small PDF for the chosen submissions, through the intake's own file checks and storage
        (inbox/<form>/<submission>/<uuid>.pdf)."""
        chosen = [index for index, serial in enumerate(serials) if serial in self.file_serials]
        for index in chosen:
            submission = made[index]
            fields = next(fields for form, fields in self.forms if form.pk == submission.form_id)
            field = next(f for f in fields if f.type == "file")
            upload = SimpleUploadedFile(f"document-{submission.pk}.pdf", PDF, content_type="application/pdf")
            clean = clean_files([field], {field.name: [upload]})
            answers_of[index].extend(file_answers(clean))
            store_files(submission, clean, written)
        return len(chosen)
