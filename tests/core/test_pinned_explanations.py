"""Pinned behaviour of core/explanations.py: a robot's explanation (Law 20F) stored without a
language and rendered in each viewer's (issue 19, mutation testing)."""

from __future__ import annotations

import pytest

from dupbridge.core.explanations import (
    MARK,
    explanation_parts,
    neutral_explanation,
    render_explanation,
)
from dupbridge.i18n import use_language


class TestStoredForm:
    def test_exact_text(self) -> None:
        """The mark, then compact JSON with sorted keys and the characters as they are."""
        assert "dupbridge-explanation:" == MARK
        text = neutral_explanation([("{low}-{high} HCP", {"low": 11, "high": 15}), ("♥", {})])
        assert MARK + '[["{low}-{high} HCP",{"high":15,"low":11}],["♥",{}]]' == text

    def test_round_trip(self) -> None:
        """The stored form reads back as its parts."""
        parts = [("{n}+ {suit}", {"n": 5, "suit": "♥"}), ("forcing", {})]
        assert parts == explanation_parts(neutral_explanation(parts))

    def test_refused_parts(self) -> None:
        """A part with a placeholder left without a value, or a value no number or short
        text, is refused when written, naming the parts."""
        parts = [("{n}+ {suit}", {"n": 5})]
        with pytest.raises(ValueError) as refused:
            neutral_explanation(parts)
        assert f"not a plain explanation template with its values: {parts!r}" == str(refused.value)
        with pytest.raises(ValueError):
            neutral_explanation([("{n}", {"n": True})])
        with pytest.raises(ValueError):
            neutral_explanation([])


class TestParts:
    def test_a_persons_text(self) -> None:
        """Text without the mark, or none, has no parts."""
        assert explanation_parts(None) is None
        assert explanation_parts("15-17") is None
        assert explanation_parts("x" + MARK + '[["a",{}]]') is None

    @pytest.mark.parametrize(
        "body",
        [
            "not json",
            "[]",
            "{}",
            '[["a"]]',
            '[["a",{},1]]',
            "[[1,{}]]",
            '[["a",[]]]',
            '["a"]',
            '[["{0}",{"0":1}]]',
            '[["{n:>3}",{"n":1}]]',
            '[["{n!s}",{"n":1}]]',
            '[["{n",{"n":1}]]',
            '[["{n}",{"n":true}]]',
            '[["{n}",{"n":1.5}]]',
            '[["{n}",{"n":null}]]',
            '[["a",{"n":"' + "x" * 81 + '"}]]',
            '[["a",{}],["{m}",{}]]',
            '[["{{x}} {n}",{}]]',
        ],
    )
    def test_not_plain(self, body: str) -> None:
        """A part must be a pair of a template and its values; a placeholder a bare name
        with a value, no format spec or conversion; a value a number (not a truth value) or
        a text of at most 80 characters, even after literal braces. One bad part spoils the
        whole."""
        assert explanation_parts(MARK + body) is None
        assert MARK + body == render_explanation(MARK + body)

    def test_plain(self) -> None:
        """Literal braces, a text of exactly 80 characters, and values no placeholder uses."""
        long = "x" * 80
        body = '[["{{a}} {n}",{"n":-1}],["b",{"t":"' + long + '"}]]'
        assert [("{{a}} {n}", {"n": -1}), ("b", {"t": long})] == explanation_parts(MARK + body)


class TestRendering:
    def test_joined_in_the_viewers_language(self) -> None:
        """Parts are joined by a comma and a space, each translated."""
        text = neutral_explanation([("{low}-{high} HCP", {"low": 11, "high": 15}), ("♥", {})])
        assert "11-15 HCP, ♥" == render_explanation(text)
        with use_language("pl"):
            assert "11-15 PC, ♥" == render_explanation(text)

    def test_a_persons_text_as_typed(self) -> None:
        """A person's words, or none, are shown as stored."""
        assert "Jacoby" == render_explanation("Jacoby")
        assert render_explanation(None) is None

    @pytest.mark.parametrize("broken", ["{missing}", "{0}", "{n"])
    def test_a_broken_catalog_entry(self, monkeypatch: pytest.MonkeyPatch, broken: str) -> None:
        """A translation that names another placeholder, a position or is no template falls
        back to the English source, and the other parts are still translated."""
        import dupbridge.core.explanations as module

        monkeypatch.setattr(module, "_", lambda template: broken if "{n}" in template else "X")
        text = neutral_explanation([("{n}+", {"n": 5}), ("forcing", {})])
        assert "5+, X" == render_explanation(text)
