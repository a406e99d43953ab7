"""Models the tests of the host's helpers use. The app has no migrations: the test database
creates its tables from the models (Django's test runner syncs apps without migrations)."""

from django.apps import AppConfig


class TestAppConfig(AppConfig):
    name = "tests.testapp"
    label = "testapp"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tests.testapp import versions_doors

        versions_doors.register()
