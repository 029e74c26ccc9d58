"""The server's settings (defined in :mod:`dupbridge.services.server_settings`, so that the
command line checks them too), passed to :func:`dupbridge.web.app.create_app`."""

from dupbridge.services.server_settings import DEFAULT_SECRET, Settings

__all__ = ["DEFAULT_SECRET", "Settings"]
