"""Translation machinery: one gettext function, English source strings, Babel catalogs."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po

from dupbridge import Seat
from dupbridge.i18n import LANGUAGES, LOCALE_DIR, _, get_language, set_language, use_language
from dupbridge.i18n.compile import compile_catalogs

PLACEHOLDER = re.compile(r"\{[a-z_]+(?:![rs])?(?::[^}]*)?\}")


@pytest.fixture
def language() -> Iterator[None]:
    compile_catalogs()
    yield
    set_language("en")


@pytest.mark.usefixtures("language")
class TestLanguages:
    @pytest.mark.parametrize(
        ("lang", "north"),
        [
            ("en", "North"),
            ("pl", "Północ"),
            ("sv", "Nord"),
            ("lv", "Ziemeļi"),
            ("et", "Põhi"),
            ("ru", "Север"),
        ],
    )
    def test_seat_names(self, lang: str, north: str) -> None:
        """The six languages of the source texts translate through the same catalogs."""
        set_language(lang)
        assert lang == get_language()
        assert north == Seat.N.title

    def test_unknown_language(self) -> None:
        """Only the six languages of the source texts are offered."""
        with pytest.raises(ValueError, match="unknown language 'de'"):
            set_language("de")

    def test_untranslated_falls_back_to_english(self) -> None:
        """A message without a translation is shown in English."""
        set_language("sv")
        assert "a string nobody translated" == _("a string nobody translated")


@pytest.mark.usefixtures("language")
class TestLanguagePerContext:
    def test_use_language_is_scoped(self) -> None:
        """A language chosen for one request ends with it; the process default is kept."""
        with use_language("pl"):
            assert "Północ" == Seat.N.title
        assert "en" == get_language()
        assert "North" == Seat.N.title

    def test_two_requests_never_share_a_language(self) -> None:
        """Two threads serving users of different languages each see their own text."""
        import threading

        barrier = threading.Barrier(2)
        seen: dict[str, str] = {}

        def serve(lang: str) -> None:
            with use_language(lang):
                barrier.wait()
                seen[lang] = Seat.N.title

        threads = [threading.Thread(target=serve, args=(lang,)) for lang in ("sv", "ru")]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert {"sv": "Nord", "ru": "Север"} == seen

    def test_use_language_refuses_unknown(self) -> None:
        """An unsupported language is refused before anything changes."""
        with pytest.raises(ValueError, match="unknown language 'xx'"), use_language("xx"):
            pass
        assert "en" == get_language()


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_catalog_placeholders_match(lang: str) -> None:
    """Every translation keeps exactly the placeholders of its English source, so
    ``_(...).format(...)`` can never fail in another language."""
    path = LOCALE_DIR / lang / "LC_MESSAGES" / "dupbridge.po"
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    translated = 0
    for message in catalog:
        if not message.id or not message.string or isinstance(message.id, tuple):
            continue
        assert isinstance(message.string, str)
        assert sorted(PLACEHOLDER.findall(message.id)) == sorted(
            PLACEHOLDER.findall(message.string)
        ), message.id
        translated += 1
    assert translated > 0
