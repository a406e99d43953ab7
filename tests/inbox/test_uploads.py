"""File answers: validation, storage on a real FileSystemStorage, and the door's answers over HTTP."""

from __future__ import annotations

import os
import re
from datetime import timedelta

import pytest
import time_machine
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.utils import timezone

from frontdesk.inbox.conf import inbox_settings
from frontdesk.inbox.models import Submission
from frontdesk.inbox.models.submissions import Attachment, inbox_storage
from frontdesk.inbox.operations import accept_submission, create_form
from frontdesk.inbox.operations.retention import prune, prune_plan, purge_submission
from frontdesk.inbox.uploads import display_name
from tests.inbox.conftest import minted_for

pytestmark = pytest.mark.django_db

URL = "/site/forms/apply"
ORIGIN = "http://testserver"
PDF = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + b"\x00" * 32
HTML = b"<!doctype html><html><script>alert(1)</script></html>"
EXE = b"MZ\x90\x00\x03\x00\x00\x00" + b"\x00" * 64
STORED = re.compile(r"^inbox/(\d+)/(\d+)/[0-9a-f]{32}\.(pdf|png)$")


@pytest.fixture(autouse=True)
def _private_disk(inbox_disk):
    """Every test here writes attachments to a fresh directory (tests/conftest.py)."""
    return inbox_disk


def files_on_disk(root) -> list[str]:
    return sorted(str(path.relative_to(root)) for path in root.rglob("*") if path.is_file())


def limits(settings, **upload) -> None:
    inbox = inbox_settings()
    settings.FRONTDESK = {**settings.FRONTDESK, "inbox": {**inbox, "upload": {**inbox["upload"], **upload}}}


@pytest.fixture
def apply_form(db):
    return create_form(actor=None, values={"slug": "apply", "title": {"en": "Apply"}}, fields=[
            {"machine_name": "name", "type": "text", "label": {"en": "Name"}, "required": True},
            {"machine_name": "cv", "type": "file", "label": {"en": "CV"}, "required": True,
             "extensions": ["pdf", "png"]},
        ])  # fmt: skip


def mailed_form(form):
    """`form` made to mail someone, so that a new submission queues a mail in its transaction."""
    form.options = {**form.options, "recipients": {"addresses": ["staff@example.org"]}}
    form.save(update_fields=["options"])


@pytest.fixture
def minted() -> str:
    return minted_for("apply")


def upload(name: str, content: bytes = PDF, content_type: str = "application/pdf") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content, content_type=content_type)


def post(client, timestamp, files, *, name="Ada", json=True, **extra):
    data = {"site_form": "apply", "site_ts": timestamp, "homepage": "", "fields[name]": name, **extra}
    if files is not None:
        data["fields[cv][]"] = files
    headers = {"HTTP_ORIGIN": ORIGIN}
    if json:
        headers["HTTP_ACCEPT"] = "application/json"
    return client.post(URL, data, **headers)


# --- Through the operations ---------------------------------------------------------------


def test_a_pdf_and_a_png_are_stored_under_form_and_submission_with_generated_names(apply_form, inbox_disk):
    submission, created = accept_submission(
        apply_form,
        {"name": "Ada"},
        files={"cv": [upload("Lebenslauf.pdf"), upload("Photo.PNG", PNG, "image/png")]},
    )
    assert created
    attachments = list(submission.files.all())
    assert [item.original_name for item in attachments] == ["Lebenslauf.pdf", "Photo.PNG"]
    assert [item.content_type for item in attachments] == ["application/pdf", "image/png"]
    assert [item.size for item in attachments] == [len(PDF), len(PNG)]
    for item in attachments:
        match = STORED.match(item.stored_name.name)
        assert match and match.group(1, 2) == (str(apply_form.pk), str(submission.pk))
        assert item.answer_name == "cv"
    assert files_on_disk(inbox_disk) == sorted(item.stored_name.name for item in attachments)
    with inbox_storage().open(attachments[0].stored_name.name) as stored:
        assert stored.read() == PDF
    answer = submission.answers.get(name="cv")
    assert (answer.value, answer.payload, answer.type) == (
        "Lebenslauf.pdf, Photo.PNG",
        ["Lebenslauf.pdf", "Photo.PNG"],
        "file",
    )
    assert [item.name for item in submission.answers.all()] == ["name", "cv"]  # field order kept


@pytest.mark.parametrize(
    ("posted", "shown"),
    [
        ("../../etc/passwd.pdf", "passwd.pdf"),
        ("C:\\x\\y.pdf", "y.pdf"),
        ("evil\x00\x1b[31m\u202efdp.pdf", "evil[31mfdp.pdf"),
        ("a" * 300 + ".pdf", "a" * 251 + ".pdf"),
    ],
)
def test_the_visitors_path_never_reaches_the_stored_name(apply_form, inbox_disk, posted, shown):
    file = upload("x.pdf")
    file._name = posted  # as a client could send it, past Django's own basename()
    submission, _ = accept_submission(apply_form, {"name": "Ada"}, files={"cv": [file]})
    attachment = submission.files.get()
    assert attachment.original_name == shown
    assert STORED.match(attachment.stored_name.name)
    assert ".." not in attachment.stored_name.name and "\\" not in attachment.stored_name.name
    assert display_name(posted) == shown


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("cv.docx", b"PK\x03\x04rest", "not accepted"),  # on the site's list, not on the field's
        ("cv.pdf.exe", EXE, "not accepted"),  # double extension: the last one counts
        ("cv.exe.pdf", EXE, "does not match"),  # an executable named .pdf
        ("cv.pdf", HTML, "does not match"),  # HTML disguised as a PDF
        ("cv", PDF, "not accepted"),  # no extension
        (".pdf", PDF, "not accepted"),  # all extension, no name
        ("cv.png", PDF, "does not match"),
        ("cv.pdf", b"", "empty"),
    ],
)
def test_refused_files_raise_one_error_keyed_by_the_field(apply_form, inbox_disk, name, content, message):
    with pytest.raises(ValidationError) as caught:
        accept_submission(apply_form, {"name": ""}, files={"cv": [upload(name, content)]})
    errors = caught.value.message_dict
    assert set(errors) == {"fields.name", "fields.cv"}  # answers and files together
    assert message in " ".join(errors["fields.cv"])
    assert not Submission.objects.exists() and files_on_disk(inbox_disk) == []


def test_text_files_must_be_utf8_without_nul(settings, db, inbox_disk):
    form = create_form(
        actor=None,
        values={"slug": "notes", "title": {"en": "Notes"}},
        fields=[{"machine_name": "notes", "type": "file", "label": {"en": "Notes"}}],
    )
    accept_submission(form, {}, files={"notes": [upload("a.csv", "name;Straße\n".encode(), "text/csv")]})
    for content in (b"abc\x00def", b"\xff\xfe latin-1 \xe9"):
        with pytest.raises(ValidationError):
            accept_submission(form, {}, files={"notes": [upload("a.txt", content, "text/plain")]})
    accept_submission(form, {}, files={})  # optional: nothing sent is fine
    assert Attachment.objects.count() == 1


def test_size_and_count_limits(settings, apply_form, inbox_disk):
    limits(settings, max_bytes=len(PDF), max_files=2)
    with pytest.raises(ValidationError) as caught:
        accept_submission(apply_form, {"name": "Ada"}, files={"cv": [upload("big.pdf", PDF + b" ")]})
    assert "larger than" in caught.value.message_dict["fields.cv"][0]
    with pytest.raises(ValidationError) as caught:
        accept_submission(apply_form, {"name": "Ada"}, files={"cv": [upload(f"{n}.pdf") for n in range(3)]})
    assert "at most 2 files" in caught.value.message_dict["fields.cv"][0]
    assert not Submission.objects.exists() and files_on_disk(inbox_disk) == []


def test_a_failure_after_the_files_were_written_removes_them(apply_form, inbox_disk, monkeypatch):
    mailed_form(apply_form)

    def broken(mail, submission):
        raise RuntimeError("mail queue down")

    monkeypatch.setattr("frontdesk.inbox.notify.NewSubmissionMail.queue", broken)
    with pytest.raises(RuntimeError):
        accept_submission(apply_form, {"name": "Ada"}, files={"cv": [upload("cv.pdf")]})
    assert not Submission.objects.exists() and files_on_disk(inbox_disk) == []


def test_deleting_an_attachment_removes_its_file(apply_form, inbox_disk, django_capture_on_commit_callbacks):
    submission, _ = accept_submission(apply_form, {"name": "Ada"}, files={"cv": [upload("cv.pdf")]})
    assert len(files_on_disk(inbox_disk)) == 1
    with django_capture_on_commit_callbacks(execute=True):
        submission.files.get().delete()
    assert files_on_disk(inbox_disk) == []


def test_a_delete_that_is_rolled_back_keeps_the_file(
    apply_form, inbox_disk, django_capture_on_commit_callbacks
):
    submission, _ = accept_submission(apply_form, {"name": "Ada"}, files={"cv": [upload("cv.pdf")]})
    stored = files_on_disk(inbox_disk)
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        purge_submission(Submission.objects.get(pk=submission.pk), actor=None)
        raise RuntimeError("a later step refuses")
    assert Attachment.objects.filter(submission=submission).exists()
    assert files_on_disk(inbox_disk) == stored


def folders_on_disk(root) -> list[str]:
    return sorted(str(path.relative_to(root)) for path in root.rglob("*") if path.is_dir())


def test_deleting_a_submission_removes_the_folders_it_emptied_but_not_the_root(
    apply_form, inbox_disk, django_capture_on_commit_callbacks
):
    kept, _ = accept_submission(apply_form, {"name": "Ada"}, files={"cv": [upload("cv.pdf")]})
    gone, _ = accept_submission(apply_form, {"name": "Bob"}, files={"cv": [upload("cv.pdf", PDF + b"%")]})
    with django_capture_on_commit_callbacks(execute=True):
        purge_submission(gone, actor=None)
    form_folder = f"inbox/{apply_form.pk}"
    assert folders_on_disk(inbox_disk) == ["inbox", form_folder, f"{form_folder}/{kept.pk}"]
    with django_capture_on_commit_callbacks(execute=True):
        purge_submission(kept, actor=None)
    assert inbox_disk.is_dir() and folders_on_disk(inbox_disk) == []


def test_pruning_leaves_no_empty_folder_behind(apply_form, inbox_disk, django_capture_on_commit_callbacks):
    with time_machine.travel(timezone.now() - timedelta(days=40)):
        accept_submission(apply_form, {"name": "Ada"}, files={"cv": [upload("cv.pdf")]})
    with django_capture_on_commit_callbacks(execute=True):
        assert prune(prune_plan(30)) == {"spam": 0, "other": 1}
    assert inbox_disk.is_dir() and folders_on_disk(inbox_disk) == []


def test_removing_a_file_keeps_its_folder_while_another_file_is_in_it(
    apply_form, inbox_disk, django_capture_on_commit_callbacks
):
    submission, _ = accept_submission(
        apply_form, {"name": "Ada"}, files={"cv": [upload("cv.pdf"), upload("photo.png", PNG, "image/png")]}
    )
    first, second = submission.files.all()
    with django_capture_on_commit_callbacks(execute=True):
        first.delete()
    assert folders_on_disk(inbox_disk) == [
        "inbox",
        f"inbox/{apply_form.pk}",
        f"inbox/{apply_form.pk}/{submission.pk}",
    ]
    with django_capture_on_commit_callbacks(execute=True):
        second.delete()
    assert folders_on_disk(inbox_disk) == []


def test_files_removed_after_a_failed_intake_take_their_folders_with_them(
    apply_form, inbox_disk, monkeypatch
):
    mailed_form(apply_form)

    def broken(mail, submission):
        raise RuntimeError("mail queue down")

    monkeypatch.setattr("frontdesk.inbox.notify.NewSubmissionMail.queue", broken)
    with pytest.raises(RuntimeError):
        accept_submission(apply_form, {"name": "Ada"}, files={"cv": [upload("cv.pdf")]})
    assert folders_on_disk(inbox_disk) == []


def test_the_storage_never_removes_its_root_or_a_folder_outside_it(inbox_disk, tmp_path):
    storage = inbox_storage()
    storage.save("loose.txt", ContentFile(b"x"))
    storage.delete("loose.txt")
    assert inbox_disk.is_dir()
    storage.delete("inbox/1/2/never-written.pdf")  # deleting what is not there is not an error
    assert inbox_disk.is_dir() and tmp_path.is_dir()


def test_a_save_whose_folder_is_removed_at_that_moment_still_writes_its_file(inbox_disk, monkeypatch):
    import django.core.files.storage.filesystem as filesystem

    real_makedirs = filesystem.os.makedirs
    raced = []

    def makedirs_then_lose_it(path, *args, **kwargs):
        real_makedirs(path, *args, **kwargs)
        if not raced and path == str(inbox_disk / "inbox" / "1" / "2"):
            raced.append(path)  # a delete of the folder's last file removes it right after
            os.rmdir(path)

    monkeypatch.setattr(filesystem.os, "makedirs", makedirs_then_lose_it)
    name = inbox_storage().save("inbox/1/2/cv.pdf", ContentFile(PDF))
    assert raced and (inbox_disk / name).read_bytes() == PDF


def test_the_same_answers_with_different_files_are_not_duplicates(apply_form, inbox_disk):
    first, _ = accept_submission(apply_form, {"name": "Ada"}, files={"cv": [upload("cv.pdf")]})
    second, created = accept_submission(
        apply_form, {"name": "Ada"}, files={"cv": [upload("cv.pdf", PDF + b"%")]}
    )
    assert created and first.pk != second.pk


# --- Through the public door --------------------------------------------------------------


def test_the_door_stores_posted_files(client, apply_form, minted, inbox_disk):
    response = post(
        client, minted, [upload("../../etc/passwd.pdf"), upload("C:\\x\\y.png", PNG, "image/png")]
    )
    assert response.status_code == 200, response.content
    submission = Submission.objects.get()
    names = sorted(submission.files.values_list("original_name", flat=True))
    assert names == ["passwd.pdf", "y.png"]
    stored = sorted(submission.files.values_list("stored_name", flat=True))
    assert all(STORED.match(name) for name in stored)
    assert files_on_disk(inbox_disk) == stored


def test_the_door_takes_a_single_file_input_too(client, apply_form, minted, inbox_disk):
    data = {
        "site_form": "apply",
        "site_ts": minted,
        "homepage": "",
        "fields[name]": "Ada",
        "fields[cv]": upload("cv.pdf"),
    }
    response = client.post(URL, data, HTTP_ORIGIN=ORIGIN, HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    assert Attachment.objects.get().original_name == "cv.pdf"


@pytest.mark.parametrize(
    "files",
    [
        [upload("cv.docx", b"PK\x03\x04rest")],  # wrong extension for the field
        [upload("cv.pdf", HTML, "application/pdf")],  # disguised content
        [upload("cv.pdf", EXE)],
        [upload("big.pdf", PDF + b"x" * 100)],  # too large (limit set below)
        [upload(f"{n}.pdf") for n in range(3)],  # too many (limit set below)
        None,  # required and missing
    ],
)
def test_refused_uploads_answer_422_and_leave_nothing(
    settings, client, apply_form, minted, inbox_disk, files
):
    limits(settings, max_bytes=len(PDF) + 50, max_files=2)
    response = post(client, minted, files)
    assert response.status_code == 422
    reply = response.json()
    assert reply["ok"] is False and list(reply["errors"]) == ["fields.cv"]
    assert not Submission.objects.exists() and files_on_disk(inbox_disk) == []


def test_a_body_over_the_limits_answers_413_never_500(settings, client, apply_form, minted, inbox_disk):
    limits(settings, max_bytes=1000, max_files=2)
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = post(client, minted, [upload("huge.pdf", PDF + b"x" * 5000)])
    assert response.status_code == 413
    assert response.json()["ok"] is False and isinstance(response.json()["message"], str)
    # Without script, a page of its own: a body the door did not read leaves nothing in the session.
    response = post(client, minted, [upload("huge.pdf", PDF + b"x" * 5000)], json=False)
    assert response.status_code == 413
    assert "too large" in response.content.decode()
    assert "inbox_result" not in client.session
    assert not Submission.objects.exists() and files_on_disk(inbox_disk) == []


def test_django_refusals_while_reading_the_body_answer_413(settings, client, apply_form, minted, inbox_disk):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    # Fields other than files above DATA_UPLOAD_MAX_MEMORY_SIZE: RequestDataTooBig (multipart) ...
    assert post(client, minted, [upload("cv.pdf")], name="A" * 5000).status_code == 413
    # ... and url-encoded, where Django refuses to read request.body at all.
    response = client.post(
        URL, "fields[name]=" + "A" * 5000, content_type="application/x-www-form-urlencoded",
        HTTP_ORIGIN=ORIGIN, HTTP_ACCEPT="application/json",
    )  # fmt: skip
    assert response.status_code == 413
    # More files than DATA_UPLOAD_MAX_NUMBER_FILES: TooManyFilesSent.
    settings.DATA_UPLOAD_MAX_NUMBER_FILES = 3
    assert post(client, minted, [upload(f"{n}.pdf") for n in range(4)]).status_code == 413
    assert not Submission.objects.exists() and files_on_disk(inbox_disk) == []


def test_a_malformed_multipart_body_is_400_not_500(client, apply_form, inbox_disk):
    response = client.generic(
        "POST", URL, b"--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb",
        content_type="multipart/form-data; boundary=",
        HTTP_ORIGIN=ORIGIN, HTTP_ACCEPT="application/json",
    )  # fmt: skip
    assert response.status_code == 400


def test_a_duplicate_post_stores_no_second_copy(client, apply_form, minted, inbox_disk):
    assert post(client, minted, [upload("cv.pdf")]).status_code == 200
    assert post(client, minted, [upload("cv.pdf")]).status_code == 200
    submission = Submission.objects.get()
    assert submission.files.count() == 1 and len(files_on_disk(inbox_disk)) == 1
    assert submission.log.filter(action="submission.repeated").count() == 1
