"""The LIN format's internals: notation, reader and writer (see :mod:`dupbridge.formats.lin`)."""
