"""The XML layer of the USEBIO reader: a small element tree with line and column numbers.

Only the XML parser of the standard library (expat) is used, with entity declarations refused
(no entity expansion of any kind); tags and attribute names are upper-cased, as producers
differ in case.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from xml.parsers import expat

from dupbridge.formats.problems import FormatError
from dupbridge.formats.problems import Problem as FormatProblem
from dupbridge.i18n import _

__all__ = ["XmlNode", "parse_xml"]


@dataclass
class XmlNode:
    """An element of a USEBIO document: its tag (upper case), attributes, place and text."""

    tag: str
    attrs: dict[str, str]
    line: int
    column: int
    children: list[XmlNode] = field(default_factory=list)
    text: str = ""

    def find(self, tag: str) -> XmlNode | None:
        """The first child with this tag."""
        return next((child for child in self.children if child.tag == tag), None)

    def all(self, tag: str) -> list[XmlNode]:
        """Every child with this tag."""
        return [child for child in self.children if child.tag == tag]

    def value(self, tag: str) -> str:
        """The text of the first child with this tag, or of the attribute (``""`` if none)."""
        found = self.find(tag)
        if found is not None:
            return found.text.strip()
        return self.attrs.get(tag, "").strip()

    def walk(self, tag: str) -> Iterator[XmlNode]:
        """Every descendant with this tag, not looking inside one found."""
        for child in self.children:
            if child.tag == tag:
                yield child
            else:
                yield from child.walk(tag)


class _EntityRefusedError(Exception):
    """An entity declaration in the document (refused: no entity expansion)."""


def parse_xml(data: bytes, source: str) -> XmlNode:
    """The USEBIO element of an XML document, attribute names upper-cased.

    Raises:
        FormatError: located, if the text is not XML, declares an entity or is not USEBIO.
    """
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[XmlNode] = []
    root: list[XmlNode] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        named = {key.upper(): value for key, value in attrs.items()}
        node = XmlNode(tag.upper(), named, parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
        if stack:
            stack[-1].children.append(node)
        else:
            root.append(node)
        stack.append(node)

    def end(_tag: str) -> None:
        stack.pop()

    def text(data: str) -> None:
        if stack:
            stack[-1].text += data

    def entity(*_args: object) -> None:
        raise _EntityRefusedError

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    parser.EntityDeclHandler = entity
    try:
        parser.Parse(data, True)
    except expat.ExpatError as error:
        problem = FormatProblem(
            error.lineno, error.offset + 1, _("not XML: {message}").format(
                message=expat.ErrorString(error.code)), source=source
        )  # fmt: skip
        raise FormatError(str(problem), (problem,)) from None
    except (LookupError, ValueError) as error:  # an unknown or undecodable encoding
        problem = FormatProblem(
            parser.CurrentLineNumber or 1,
            parser.CurrentColumnNumber + 1,
            _("not XML: cannot decode the text ({reason})").format(reason=error),
            source=source,
        )
        raise FormatError(str(problem), (problem,)) from None
    except _EntityRefusedError:
        problem = FormatProblem(
            parser.CurrentLineNumber,
            parser.CurrentColumnNumber + 1,
            _("entity declarations are not allowed in USEBIO files"),
            source=source,
        )
        raise FormatError(str(problem), (problem,)) from None
    if not root or root[0].tag != "USEBIO":
        problem = FormatProblem(1, 1, _("not a USEBIO file: no USEBIO element"), source=source)
        raise FormatError(str(problem), (problem,))
    return root[0]
