"""The registry of file formats that ``dupbridge convert`` and ``dupbridge validate`` use.

A format is a :class:`FileFormat`: a name, the file extensions it owns, and a reader and/or a
writer working on :class:`~dupbridge.formats.records.BoardRecord` values. The built-in formats
(PBN, LIN, DUP, DLM) register themselves when their module is imported; any other module adds
its own the same way, at the bottom of the module::

    from dupbridge.formats.registry import FileFormat, ReadItem, register

    def _read(data: bytes, source: str) -> Iterator[ReadItem]: ...
    def _write(records: Sequence[BoardRecord]) -> bytes: ...

    register(FileFormat("usebio", (".xml",), "USEBIO 1.2 results", _read, _write))

and lists its module in :data:`FORMAT_MODULES` so that :func:`get_format` imports it on first
use. A reader yields one :class:`ReadItem` per record (with the problems found in it and how
far through the file it is, for a progress bar); problems that belong to no record come in an
item whose ``record`` is None. Readers never raise for bad input: every problem is reported
with its line and column. A writer raises :class:`~dupbridge.formats.problems.FormatError`
for records its format cannot hold.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import PurePath

from dupbridge.formats.problems import FormatError, Problem
from dupbridge.formats.records import BoardRecord
from dupbridge.i18n import _

__all__ = [
    "FORMAT_MODULES",
    "FileFormat",
    "ReadItem",
    "Reader",
    "Writer",
    "all_formats",
    "format_for_path",
    "get_format",
    "read_records",
    "register",
]


@dataclass(frozen=True, slots=True)
class ReadItem:
    """What a reader yields: a record (or None), its problems, and the fraction read (0-1)."""

    record: BoardRecord | None
    problems: tuple[Problem, ...] = ()
    progress: float = 1.0


#: A reader: the file's bytes and its name (for messages) to records with their problems.
Reader = Callable[[bytes, str], Iterator[ReadItem]]
#: A writer: records to the file's bytes.
Writer = Callable[[Sequence[BoardRecord]], bytes]


@dataclass(frozen=True, slots=True)
class FileFormat:
    """A file format: its name, extensions (lower case, with the dot), reader and writer."""

    name: str
    extensions: tuple[str, ...]
    description: str
    read: Reader | None = None
    write: Writer | None = None
    #: What the format cannot hold of the records and its writer leaves out, each a
    #: sentence naming the board (None: the format holds everything a record has).
    unwritable: Callable[[Sequence[BoardRecord]], list[str]] | None = None


#: Modules that register formats, imported on first use of the registry.
FORMAT_MODULES: tuple[str, ...] = (
    "dupbridge.formats.pbn",
    "dupbridge.formats.lin",
    "dupbridge.formats.dup",
    "dupbridge.formats.dlm",
    "dupbridge.formats.usebio",
    "dupbridge.formats.bri",
    "dupbridge.formats.dge",
    "dupbridge.formats.ber",
    "dupbridge.formats.bhg",
    "dupbridge.formats.rzd",
    "dupbridge.formats.cds",
    "dupbridge.formats.handcsv",
)

_FORMATS: dict[str, FileFormat] = {}
_loaded: list[bool] = [False]


def register(file_format: FileFormat, *, replace: bool = False) -> None:
    """Add ``file_format`` to the registry.

    Raises:
        ValueError: if its name or one of its extensions is taken (unless ``replace``).
    """
    if not replace:
        if file_format.name in _FORMATS:
            raise ValueError(f"file format {file_format.name!r} is already registered")
        for other in _FORMATS.values():
            taken = set(other.extensions) & set(file_format.extensions)
            if taken:
                raise ValueError(
                    f"extension {sorted(taken)[0]} already belongs to format {other.name!r}"
                )
    _FORMATS[file_format.name] = file_format


def _load_builtin() -> None:
    if _loaded[0]:
        return
    _loaded[0] = True
    for module in FORMAT_MODULES:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as error:
            if error.name != module:  # a real missing dependency, not an absent module
                raise


def all_formats() -> tuple[FileFormat, ...]:
    """Every registered format, by name."""
    _load_builtin()
    return tuple(_FORMATS[name] for name in sorted(_FORMATS))


def get_format(name: str) -> FileFormat:
    """The format called ``name`` (``"pbn"``), or owning the extension ``name`` (``".pbn"``).

    Raises:
        FormatError: naming the known formats, if there is no such format.
    """
    _load_builtin()
    key = name.strip().lower()
    found = _FORMATS.get(key.lstrip("."))
    if found is None:
        extension = key if key.startswith(".") else "." + key
        found = next((f for f in _FORMATS.values() if extension in f.extensions), None)
    if found is None:
        raise FormatError(
            _("unknown file format {name!r} (known: {known})").format(
                name=name, known=", ".join(sorted(_FORMATS))
            )
        )
    return found


def format_for_path(path: str | PurePath) -> FileFormat:
    """The format that owns the extension of ``path``.

    Raises:
        FormatError: if the file has no extension or no format owns it.
    """
    suffix = PurePath(path).suffix.lower()
    if not suffix:
        raise FormatError(
            _("{path} has no extension: name its format with --from or --to").format(path=path)
        )
    return get_format(suffix)


def read_records(
    file_format: FileFormat, data: bytes, source: str
) -> tuple[list[BoardRecord], list[Problem]]:
    """Read every record of ``data`` with ``file_format``; return them with all problems.

    Raises:
        FormatError: if the format cannot be read.
    """
    if file_format.read is None:
        raise FormatError(
            _("dupbridge cannot read {name} files").format(name=file_format.name.upper())
        )
    records: list[BoardRecord] = []
    problems: list[Problem] = []
    for item in file_format.read(data, source):
        problems.extend(item.problems)
        if item.record is not None:
            records.append(item.record)
    return records, problems
