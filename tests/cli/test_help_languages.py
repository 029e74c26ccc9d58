"""Command-line help in the user's language: ``--lang``, ``DUPBRIDGE_LANG`` or the locale
(issue 17: "the CLI (help texts included)")."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from dupbridge.cli.app import app
from dupbridge.cli.commands import COMMANDS, language_from_environment, load_command
from dupbridge.i18n import LANGUAGES, LOCALE_DIR, _, pgettext, set_language, use_language
from dupbridge.i18n.compile import compile_catalogs
from dupbridge.i18n.notation import set_notation


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    compile_catalogs()
    yield
    set_language("en")
    set_notation("international")


def flat(text: str) -> str:
    """The help without rich's boxes and line breaks, words separated by single spaces."""
    for char in "│╭╮╰╯─":
        text = text.replace(char, " ")
    return " ".join(text.split())


def helped(*args: str, env: dict[str, str] | None = None) -> str:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "200", **(env or {})})
    assert 0 == result.exit_code, result.output
    return flat(result.output)


def option_helps(name: str) -> list[str]:
    """The English help of every option and argument of the command ``name``."""
    spec = next(spec for spec in COMMANDS if spec.name == name)
    command = load_command(spec)
    return [" ".join(param.help.split()) for param in command.params if param.help]


def test_polish_score_help() -> None:
    """`dupbridge --lang pl score --help` gives every option's help in Polish, as the Polish
    catalog translates it, and no English option help is left."""
    text = helped("--lang", "pl", "score", "--help")
    sources = option_helps("score")
    assert len(sources) > 20
    with use_language("pl"):
        polish = [_(source) for source in sources]
    for source, translation in zip(sources, polish, strict=True):
        assert translation != source
        assert translation in text, source
        assert source not in text
    assert "Zapisz tutaj stronę wyników, PBN i USEBIO." in text
    assert "Opcje" in text  # the frame's own words too
    assert "Options" not in text


def test_environment_chooses_the_language() -> None:
    """DUPBRIDGE_LANG, then the POSIX locale (LANG=ru_RU.UTF-8), choose the help's language."""
    assert "Visa detta meddelande och avsluta." in helped("--help", env={"DUPBRIDGE_LANG": "sv"})
    russian = helped("claim-check", "--help", env={"DUPBRIDGE_LANG": "", "LANG": "ru_RU.UTF-8"})
    assert "Вывести один объект JSON." in russian


def test_english_again_after_another_language() -> None:
    """A command whose help was shown in Latvian shows it in English next time: the English
    sources are kept."""
    assert "Kustības fails" in helped("--lang", "lv", "movement", "validate", "--help")
    english = helped("--lang", "en", "movement", "validate", "--help")
    assert "A movement file: KoPS JSON" in english
    assert "Kustības fails" not in english


def test_top_level_help_in_estonian() -> None:
    """`dupbridge --lang et --help` (answered while the options are parsed) is Estonian."""
    text = helped("--lang", "et", "--help")
    assert "Teadete ja abi keel" in text
    with use_language("et"):
        listed = _(COMMANDS[0].help)
    assert listed in text


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_option_help_is_in_the_catalogs(lang: str) -> None:
    """Every option and argument help of every command is a catalog message (marked N_),
    translated in each language."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "dupbridge.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    missing = []
    for spec in COMMANDS:
        command = load_command(spec)
        commands = [command, *getattr(command, "commands", {}).values()]
        for each in commands:
            for param in each.params:
                source = " ".join((param.help or "").split())
                message = catalog.get(source) if source else None
                if source and (message is None or not message.string):
                    missing.append((spec.name, param.name, source))
    assert [] == missing


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({"DUPBRIDGE_LANG": "lv", "LANG": "pl_PL.UTF-8"}, "lv"),
        ({"LANG": "pl_PL.UTF-8"}, "pl"),
        ({"LC_ALL": "et_EE.UTF-8", "LANG": "sv_SE.UTF-8"}, "et"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_language_from_environment(environ: dict[str, str], language: str) -> None:
    """DUPBRIDGE_LANG wins; then LC_ALL, LC_MESSAGES, LANG, as POSIX orders them; a language
    dupbridge does not speak is English."""
    assert language == language_from_environment(environ)


def test_notation_switch() -> None:
    """`--notation local` writes the language's own letters (Polish dama D, walet W, the ten
    10); the default keeps the international Q, J, T; an unknown notation is refused."""
    args = ["play", "--auto", "--seed", "3", "--pace", "0"]
    runner = CliRunner()
    local = runner.invoke(app, ["--lang", "pl", "--notation", "local", *args])
    international = runner.invoke(app, ["--lang", "pl", *args])
    assert 0 == local.exit_code == international.exit_code, local.output
    local_cards = re.findall(r"[♠♥♦♣](10|[AKDW2-9])\b", local.output)
    assert {"D", "W", "10"} <= set(local_cards)
    assert not re.search(r"[♠♥♦♣][QJT]\b", local.output)
    assert re.search(r"[♠♥♦♣][QJT]\b", international.output)
    refused = runner.invoke(app, ["--notation", "pbn", "formats"])
    assert 2 == refused.exit_code
    assert "unknown notation 'pbn'" in refused.output


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_english_left_in_any_help(lang: str) -> None:
    """Every command's help (subcommands too) in each language shows none of its English
    option help and not its English first line (issue 17: the CLI help rendered in each
    language holds no string of the English catalog)."""
    leaks = []
    for spec in COMMANDS:
        command = load_command(spec)
        subcommands = getattr(command, "commands", {})
        for words, each in [([spec.name], command)] + [
            ([spec.name, name], sub) for name, sub in subcommands.items()
        ]:
            text = helped("--lang", lang, *words, "--help")
            english = [" ".join(p.help.split()) for p in each.params if p.help]
            english.append(" ".join((each.help or "").split("\n\n")[0].split()))
            with use_language(lang):
                leaks += [
                    (words, source) for source in english if _(source) != source and source in text
                ]
    assert [] == leaks


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_english_frame_in_help_or_usage_error(lang: str) -> None:
    """The help's usage line and a usage error (an unknown option) are in the language too:
    none of the framework's English words ("Usage:", "Error", "No such option", "for help")
    is left, in the fast help, a command's help or the error."""
    runner = CliRunner()
    env = {"COLUMNS": "200", "NO_COLOR": "1"}
    error = runner.invoke(app, ["--lang", lang, "score", "--bogus"], env=env)
    assert 2 == error.exit_code
    texts = [
        helped("--lang", lang, "--help"),
        helped("--lang", lang, "score", "--help"),
        flat(error.output),
    ]
    with use_language(lang):
        usage = pgettext("command-line help", "Usage:")
    for text in texts:
        assert text.startswith(usage + " ")
        for english in ("Usage:", "Error", "No such option", "for help", "Possible options"):
            assert english not in text
