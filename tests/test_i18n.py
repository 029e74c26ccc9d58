"""Translation machinery: one gettext function, English source strings, Babel catalogs."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from dupbridge import Seat
from dupbridge.i18n import LANGUAGES, LOCALE_DIR, _, get_language, set_language, use_language
from dupbridge.i18n.compile import catalog_problems, compile_catalogs

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


class TestCatalogCheck:
    """``python -m dupbridge.i18n.compile --check`` (run by ``make test``) refuses a catalog
    that is not complete (issue 17)."""

    @staticmethod
    def _catalog(tmp_path: Path, entries: str) -> Path:
        path = tmp_path / "sv" / "LC_MESSAGES" / "dupbridge.po"
        path.parent.mkdir(parents=True)
        header = (
            'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
            '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        )
        path.write_text(header + entries, encoding="utf-8")
        return path

    def test_complete_catalog_passes(self, tmp_path: Path) -> None:
        """A catalog with every message translated and its placeholders kept is accepted."""
        path = self._catalog(
            tmp_path,
            'msgid "{seat} passes"\nmsgstr "{seat} passar"\n\n'
            'msgid "{n} trick"\nmsgid_plural "{n} tricks"\nmsgstr[0] "{n} stick"\n'
            'msgstr[1] "{n} stick"\n',
        )
        assert [] == catalog_problems(path)

    @pytest.mark.parametrize(
        ("entries", "problem"),
        [
            ('msgid "North"\nmsgstr ""\n', "untranslated: 'North'"),
            ('msgid "{n} trick"\nmsgid_plural "{n} tricks"\nmsgstr[0] "{n} stick"\n'
             'msgstr[1] ""\n', "untranslated: '{n} trick'"),
            ('#, fuzzy\nmsgid "North"\nmsgstr "Nord"\n', "fuzzy: 'North'"),
            ('msgid "{seat} passes"\nmsgstr "{plats} passar"\n',
             "placeholders differ: '{seat} passes'"),
        ],
    )  # fmt: skip
    def test_one_flaw_fails(self, tmp_path: Path, entries: str, problem: str) -> None:
        """One missing plural form, one fuzzy message or one changed placeholder is enough."""
        path = self._catalog(tmp_path, entries)
        assert [f"{path}: {problem}"] == catalog_problems(path)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_shipped_catalog_is_complete(lang: str) -> None:
    """Every message of the program is translated in each of the five languages of the Laws'
    texts, none fuzzy, every placeholder kept (issue 17)."""
    path = LOCALE_DIR / lang / "LC_MESSAGES" / "dupbridge.po"
    assert [] == catalog_problems(path)
