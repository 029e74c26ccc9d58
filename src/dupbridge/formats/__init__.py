"""The ecosystem's file formats (docs/formats.md).

``pbn`` (PBN 2.1), ``lin`` (BBO), ``dup`` and ``dlm`` (Duplimate dealing machines) and
``usebio`` (USEBIO 1.2 results) read and write like the ``json`` module; ``records`` is the
format-neutral board record and ``registry`` the table of formats that ``dupbridge convert``
and ``dupbridge validate`` choose from by file extension. Import the module you need
(``from dupbridge.formats import pbn``); nothing is imported here.
"""
