"""Explanations stored without a language: templates and their values, rendered for each viewer.

Law 20F: a player explains his side's calls to the opponents. A person types his explanation
in his own words and it is shown as he typed it. A robot's explanation is data: a list of
parts, each an English source template of the catalogs (``"{low}-{high} HCP"``) with its
values (``{"low": 11, "high": 15}``), written into the ``explanation`` text of the call as
:data:`MARK` followed by the parts in JSON. The log therefore holds no language; every view
and page renders the parts in its viewer's language when it is built
(:func:`render_explanation`, in the language of :func:`dupbridge.i18n.use_language`), so
a Polish opponent and an English one read the same robot call each in his own language.

Only plain templates are rendered: placeholders are bare names, every one has a value, and a
value is a number or a short text. Anything else (a person's text that merely starts with the
mark, a damaged part) is shown exactly as stored.
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping, Sequence

from dupbridge.i18n import _

__all__ = ["MARK", "Part", "explanation_parts", "neutral_explanation", "render_explanation"]

#: What starts a language-neutral explanation in a call's ``explanation`` text.
MARK = "dupbridge-explanation:"

#: One part: an English source template and the values of its placeholders.
Part = tuple[str, Mapping[str, int | str]]

_FORMATTER = string.Formatter()
_MAX_VALUE = 80  # characters of a text value (a suit symbol, a line of cards)


def neutral_explanation(parts: Sequence[Part]) -> str:
    """The stored form of an explanation made of ``parts`` (see the module docstring).

    Raises:
        ValueError: if a part is not a plain template with a value for each placeholder.
    """
    data = [[template, dict(values)] for template, values in parts]
    text = MARK + json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    if explanation_parts(text) is None:
        raise ValueError(f"not a plain explanation template with its values: {parts!r}")
    return text


def _plain(template: str, values: Mapping[str, object]) -> bool:
    try:
        fields = list(_FORMATTER.parse(template))
    except ValueError:
        return False
    for _literal, name, spec, conversion in fields:
        if name is None:
            continue
        if not name.isidentifier() or spec or conversion or name not in values:
            return False
    return all(
        (isinstance(value, int) and not isinstance(value, bool))
        or (isinstance(value, str) and len(value) <= _MAX_VALUE)
        for value in values.values()
    )


def explanation_parts(text: str | None) -> list[Part] | None:
    """The parts of a language-neutral explanation, or None for a person's own text."""
    if text is None or not text.startswith(MARK):
        return None
    try:
        data = json.loads(text[len(MARK) :])
    except ValueError:
        return None
    if not isinstance(data, list) or not data:
        return None
    parts: list[Part] = []
    for item in data:
        if not (
            isinstance(item, list)
            and len(item) == 2
            and isinstance(item[0], str)
            and isinstance(item[1], dict)
            and _plain(item[0], item[1])
        ):
            return None
        parts.append((item[0], item[1]))
    return parts


def render_explanation(text: str | None) -> str | None:
    """``text`` as the viewer reads it: a language-neutral explanation in the active
    language (its parts joined by commas), a person's text exactly as he typed it."""
    parts = explanation_parts(text)
    if parts is None:
        return text
    rendered = []
    for template, values in parts:
        try:
            rendered.append(_(template).format(**values))
        except (KeyError, IndexError, ValueError):  # a catalog entry gone wrong: the source
            rendered.append(template.format(**values))
    return ", ".join(rendered)
