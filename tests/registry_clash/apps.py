from django.apps import AppConfig


class RegistryClashConfig(AppConfig):
    name = "tests.registry_clash"
    label = "registry_clash"

    def ready(self) -> None:
        from frontdesk.core.panel.sections import Section, register_section

        register_section(Section(key="inbox", label="Another inbox", urlconf="tests.registry_clash"))
