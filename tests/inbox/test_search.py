"""The explorer's search: one rule (word beginnings, inbox/words.py) with the same results on
SQLite, PostgreSQL and MariaDB, each answered from an index (docs/architecture.md, "Search").

Transactional: MariaDB's FULLTEXT index takes in a row when its transaction commits, so a search
in the transaction that wrote the row would not see it (docs/inbox.md says so).
"""

from __future__ import annotations

import random

import pytest
from django.core.management import call_command
from django.db import connection, transaction

from frontdesk.inbox import queries
from frontdesk.inbox.models import Form, Status, Submission, Tally
from frontdesk.inbox.operations import accept_submission, update_submission
from frontdesk.inbox.operations.retention import purge_submission
from frontdesk.inbox.queries import search
from frontdesk.inbox.words import words
from tests.clients import INBOX_API, client_for

pytestmark = pytest.mark.django_db(transaction=True)

MESSAGES = {
    "ada": ("Ada Lovelace", "ada@example.org", "Please send the invoice for the zeppelin tour."),
    "bob": ("Bob Builder", "bob@builder.test", "Invoices are late again, über-late!"),
    "chloe": ("CHLOÉ Dupont", "chloe@exemple.fr", "Straße and café, order 12345 (x_y)"),
    "dan": ("Dan Dare", "dan@example.org", "Nothing here about it; «voice» mail"),
}


@pytest.fixture
def made(contact_form, good_answers) -> dict[str, Submission]:
    return {
        key: accept_submission(contact_form, {**good_answers, "name": name, "email": email, "message": text})[
            0
        ]
        for key, (name, email, text) in MESSAGES.items()
    }


@pytest.fixture
def found(contact_form, make_user):
    """found(q) -> the keys of MESSAGES the API's list answers for q, checking its count too."""
    client = client_for(make_user("inbox.view"))

    def search(query: str, made: dict[str, Submission]) -> set[str]:
        response = client.get(
            f"{INBOX_API}/forms/{contact_form.pk}/submissions", {"q": query, "per_page": 200}
        )
        assert response.status_code == 200, response.content
        body = response.json()
        keys = {key for key, row in made.items() if row.pk in {item["id"] for item in body["rows"]}}
        assert body["total"] == len(body["rows"]) == len(keys) and body["total_is_capped"] is False
        return keys

    return search


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("invoice", {"ada", "bob"}),  # a whole word, and the beginning of "invoices"
        ("invoices", {"bob"}),
        ("voice", {"dan"}),  # inside "invoice" it is no word's beginning; «voice» is one
        ("INVOICE Zeppelin", {"ada"}),  # every word must match, in any case
        ("example", {"ada", "dan"}),  # a word inside an e-mail address
        ("ada@example.org", {"ada"}),  # its words: ada, example, org
        ("exemple.fr", {"chloe"}),
        ("strasse", {"chloe"}),  # case folding: ß is ss
        ("café", {"chloe"}),
        ("cafe", set()),  # accents count
        ("chloé", {"chloe"}),
        ("über", {"bob"}),
        ("the", {"ada"}),  # stopwords of MariaDB's default list are words like any other
        ("about", {"dan"}),
        ("12", {"chloe"}),  # short words: the same rule, looked for without the index
        ("x", {"chloe"}),  # x_y is two words
        ("la", {"bob"}),
        ("la invoice", {"bob"}),
        ("nobody", set()),
        ("zeppelin nobody", set()),
    ],
)
def test_a_search_finds_the_submissions_with_words_beginning_so(made, found, query, expected):
    assert found(query, made) == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ('"invoice', {"ada", "bob"}),
        ("invoice*", {"ada", "bob"}),
        ("+invoice -zeppelin", {"ada"}),  # not MariaDB's "and not": both words must be there
        ("invoice OR bob", set()),  # "or" is a word to look for, not an operator
        ("NEAR(invoice zeppelin)", set()),
        ("zeppelin AND tour", set()),
        ("ada' OR '1'='1", set()),
        ("col:invoice", set()),
        ("^zeppelin", {"ada"}),
        ("%", set()),  # no letter or digit: nothing is found
        ("_", set()),
        ("\\", set()),
        ('"', set()),
        ("*", set()),
        ("--", set()),
    ],
)
def test_operators_and_quotes_are_only_text(made, found, query, expected):
    assert found(query, made) == expected


def test_a_corrected_answer_is_found_by_its_new_words_only(made, found):
    update_submission(
        made["dan"], actor=None, values={"answers": {"message": "Quixotic plans for Zeppelins"}}
    )
    assert found("quixotic", made) == {"dan"}
    assert found("zeppelin", made) == {"ada", "dan"}
    assert found("nothing", made) == set()


def test_a_deleted_submission_is_not_found(made, found):
    purge_submission(made["ada"], actor=None)
    del made["ada"]
    assert found("zeppelin", made) == set()
    assert found("invoice", made) == {"bob"}
    assert not Submission.objects.filter(search_text__contains=" zeppelin").exists()


def test_a_search_inside_a_transaction_finds_what_it_wrote(contact_form, good_answers):
    with transaction.atomic():
        made = accept_submission(contact_form, {**good_answers, "message": "An unsent zeppelin"})[0]
        flt = queries.parse_filter({"q": "zeppelin"})
        assert list(queries.filtered(contact_form, flt)) == [made]


# --- the same results as the rule, for many texts and words --------------------------------------

PIECES = ["Invoice", "invoices", "zeppelin", "über", "Straße", "STRASSE", "café", "cafe\u0301", "ﬁne",
          "ｆｕｌｌ", "Ёлка", "ёж", "Σοφία", "東京都", "ação", "naïve", "x", "ab", "a1b2", "٣٤", "the", "and",
          "o'brien", "e-mail", "c++", "42", "2024-05-01", "İstanbul"]  # fmt: skip
SEPARATORS = [" ", "-", "_", "'", ".", "@", ", ", "\n", "´", "/", "«"]


@pytest.mark.parametrize("few_matches", [search.FEW_MATCHES, 1])
def test_every_database_keeps_to_the_rule(contact_form, good_answers, monkeypatch, few_matches):
    """Random answers and queries: the database answers what the rule says, word for word, in
    the page's order and in the capped count. On SQLite both shapes of the query are tried: the
    matches read by id (few), and the form's index walked in order (many)."""
    monkeypatch.setattr(search, "FEW_MATCHES", few_matches)
    rng = random.Random(11)
    texts = []
    for _ in range(60):
        text = "".join(rng.choice(PIECES) + rng.choice(SEPARATORS) for _ in range(rng.randint(3, 8)))
        accept_submission(contact_form, {**good_answers, "message": text})
        texts.append(text)
    rows = {
        row.pk: words(" ".join(answer.value for answer in row.answers.all()))
        for row in Submission.objects.prefetch_related("answers")
    }
    candidates = sorted({word for text in texts for word in words(text)})
    queries_tried = set()
    for word in candidates:
        for length in {1, 2, 3, max(1, len(word) // 2), len(word)}:
            queries_tried.add(word[:length])
    queries_tried |= {"ZEPPELIN", "STRAẞE", "Cafe\u0301", "fine", "full", "ёлк", "東京", "o brien", "mail c"}
    flt = queries.parse_filter
    for query in sorted(queries_tried):
        wanted = words(query)
        expected = {
            pk for pk, held in rows.items() if all(any(w.startswith(q) for w in held) for q in wanted)
        }
        got = list(queries.filtered(contact_form, flt({"q": query})).values_list("pk", flat=True))
        assert got == sorted(expected, reverse=True), query  # newest first: ids grow with time here
        assert queries.count(contact_form, flt({"q": query})) == (len(expected), False), query


# --- each database answers from its index --------------------------------------------------------


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's FTS5 table")
def test_sqlite_reads_the_fts5_table_and_its_triggers_are_there(made, contact_form, monkeypatch):
    flt = queries.parse_filter({"q": "invoice zeppelin"})
    few = queries.filtered(contact_form, flt).explain()
    counted = queries.filtered(contact_form, flt, counting=True).explain()
    monkeypatch.setattr(search, "FEW_MATCHES", 1)
    many = queries.filtered(contact_form, flt).explain()
    for plan in (few, counted, many):
        assert f"SCAN {search.FTS_TABLE} VIRTUAL TABLE INDEX" in plan, plan
    # Few matches and every count: each match looked up by id; many: the form's date index.
    assert "INTEGER PRIMARY KEY" in few and "INTEGER PRIMARY KEY" in counted, (few, counted)
    assert "inbox_sub_form_idx" in many, many
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'inbox_submission'"
        )
        triggers = {name for (name,) in cursor.fetchall()}
    assert triggers == {
        f"{search.FTS_TABLE}_insert",
        f"{search.FTS_TABLE}_delete",
        f"{search.FTS_TABLE}_update",
    }


@pytest.mark.skipif(connection.vendor != "mysql", reason="MariaDB's FULLTEXT index")
def test_mariadb_reads_the_fulltext_index(made, contact_form):
    plan = queries.filtered(contact_form, queries.parse_filter({"q": "invoice zeppelin"})).explain()
    assert "fulltext" in plan and search.FULLTEXT_INDEX in plan, plan


@pytest.mark.skipif(connection.vendor != "mysql", reason="MariaDB's FULLTEXT index")
def test_mariadb_counts_every_letter_it_is_trusted_with_as_a_word_character(contact_form, good_answers):
    """The letters the search lets the FULLTEXT index find (MARIADB_WORD) are word characters to
    this server: a word of three of each is found by the index alone."""
    letters = [chr(code) for code in range(0x20, 0x0514) if search.MARIADB_WORD.fullmatch(chr(code))]
    letters = [letter for letter in letters if words(letter * 3) == [letter * 3]]
    status = Status.objects.first()
    Submission.objects.bulk_create(
        Submission(form=contact_form, status=status, search_text=letter * 3) for letter in letters
    )
    with connection.cursor() as cursor:
        missed = []
        for letter in letters:
            cursor.execute(
                "SELECT COUNT(*) FROM inbox_submission WHERE MATCH (search_text) AGAINST (%s IN BOOLEAN MODE)"
                " AND search_text LIKE BINARY %s",
                [f"+{letter * 3}*", f"% {letter * 3}%"],
            )
            if cursor.fetchone()[0] != 1:
                missed.append(letter)
    assert len(letters) > 400
    assert missed == []


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's GIN index of the words")
def test_postgresql_reads_the_index_of_the_words(made, contact_form):
    """The page and the count of a rare word come from the index (migration 0007), so its
    expression in queries/search.py is still the one the index holds."""
    # Enough rows of the form that reading them all through the form's index costs more.
    status = Status.objects.first()
    Submission.objects.bulk_create(
        Submission(form=contact_form, status=status, search_text=f"filler words {n}") for n in range(5000)
    )
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE inbox_submission")  # also moves GIN's pending list into the index
    page = search.form_rows(contact_form, "zeppelin").explain()
    counted = search.form_rows(contact_form, "zeppelin", counting=True).explain()
    for plan in (page, counted):
        assert "Bitmap Index Scan on inbox_sub_search_words" in plan, plan
    with connection.cursor() as cursor:  # a sample large enough to tell a rare word (migration 0007)
        cursor.execute(
            "SELECT attstattarget FROM pg_attribute WHERE attrelid = 'inbox_sub_search_words'::regclass"
        )
        assert cursor.fetchone()[0] == 1000


def test_a_search_finds_only_its_own_forms_submissions(contact_form, good_answers):
    """The same words in another form are not found, nor counted, also when that form's id
    begins with this one's (the PostgreSQL index keeps words as "<form id>/<word>")."""
    other = Form.objects.create(pk=int(f"{contact_form.pk}1"), slug="other", title={"en": "Other"})
    status = Status.objects.first()
    Submission.objects.bulk_create(
        [
            Submission(form=other, status=status, search_text="zeppelin invoice"),
            Submission(form=other, status=status, search_text="1invoice"),
        ]
    )
    own = accept_submission(contact_form, {**good_answers, "message": "A zeppelin, 1 invoice"})[0]
    for query, expected in [("zeppelin", [own.pk]), ("invoice", [own.pk]), ("1inv", []), ("1", [own.pk])]:
        flt = queries.parse_filter({"q": query})
        assert list(queries.filtered(contact_form, flt).values_list("pk", flat=True)) == expected, query
        assert queries.count(contact_form, flt) == (len(expected), False), query


def test_a_text_of_a_megabyte_is_kept_and_found_by_its_words(contact_form):
    """Answers longer than a PostgreSQL tsvector holds (1 MB of distinct words) are stored, and
    found by any of their words, the last one too; a word they lack still finds nothing."""
    many = " ".join(f"w{n:x}" for n in range(150_000))  # 150,000 distinct words, 1.1 MB
    status = Status.objects.first()
    long = Submission.objects.create(form=contact_form, status=status, search_text=f"{many} zeppelin")
    short = Submission.objects.create(form=contact_form, status=status, search_text="zeppelin w1")
    for query, expected in [
        ("zeppelin", [short.pk, long.pk]),
        ("w1", [short.pk, long.pk]),
        ("w249ef", [long.pk]),  # the 149,999th word
        ("zeppelin w2", [long.pk]),
        ("nobody", []),
        ("w1 nobody", []),
    ]:
        flt = queries.parse_filter({"q": query})
        assert list(queries.filtered(contact_form, flt).values_list("pk", flat=True)) == expected, query
        assert queries.count(contact_form, flt) == (len(expected), False), query


def test_the_migration_rewrites_and_indexes_the_submissions_already_there(made, found):
    """Rows written before 0005 (search_text as lower-cased answers) are found after it."""
    with connection.cursor() as cursor:
        for row in made.values():
            old = "\n".join(answer.value for answer in row.answers.all()).lower()
            cursor.execute("UPDATE inbox_submission SET search_text = %s WHERE id = %s", [old, row.pk])
    Tally.objects.all().delete()  # 0006 goes back to one row per form and status; not needed here
    call_command("migrate", "inbox", "0004", verbosity=0)
    call_command("migrate", "inbox", verbosity=0)
    assert Submission.objects.get(pk=made["ada"].pk).search_text.startswith(" ada lovelace ada example org ")
    assert found("zeppelin", made) == {"ada"}
    assert found("example", made) == {"ada", "dan"}
