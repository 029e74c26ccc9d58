"""The server's settings: one pydantic-settings class, read from ``DUPBRIDGE_*`` variables and
passed to :func:`dupbridge.web.app.create_app`; never a global. It lives below the web so that
``dupbridge serve`` can check it before starting the workers."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from dupbridge.i18n import _
from dupbridge.store import DEFAULT_DATABASE_URL

__all__ = ["DEFAULT_SECRET", "Settings"]

#: The secret used in development only; any other environment must set its own.
DEFAULT_SECRET = "dupbridge-development-secret"  # noqa: S105 - the known default, refused below


class Settings(BaseSettings):
    """Everything the server needs, from the environment (``DUPBRIDGE_DATABASE_URL``...).

    Attributes:
        environment: ``development`` (the default: the development secret is allowed),
            ``test`` or ``production``.
        secret_key: signs the seat tokens; must be set outside development.
        database_url: ``sqlite:///file`` (default, embedded) or ``postgresql://...``.
        redis_url: Redis for the bus between several server processes (none: in-process).
        organiser_key: when set, creating tables needs ``Authorization: Bearer <key>``.
        sqlite_synchronous: ``NORMAL`` (survives a process crash) or ``FULL`` (survives a
            power cut too, an fsync per command).
        persist: False only to measure what persistence costs (benchmarks).
        migrate: run the migrations at start.
        db_threads: threads for database work (default: 1 on SQLite, 8 on PostgreSQL).
        robot_level: how the robots in empty seats play their cards (``basic``, ``fast``
            or ``standard``; docs/robots.md).
        robot_pace: seconds a robot pauses before each action at a table with a person
            (none at a table of four robots).
        results_dir: where online sessions' results are written at their close.
        disconnect_grace: seconds a player's connection may stay closed during play
            before the Director's queue shows him disconnected (default 30).
        demo: run the demo club (``dupbridge run``): a robot session always running.
        ws_deflate: compress WebSocket frames (permessage-deflate, RFC 7692) when the client
            offers it, as browsers do. Off by default: the frames are small JSON, and
            compressing each one for each socket cost the server about a fifth more CPU per
            action (docs/server.md) and keeps a zlib context per connection; turn it on for
            players on slow links.
        gc_full_every: seconds between garbage collections of the whole heap in
            ``dupbridge serve`` (default 1800); in between, the survivors of each full
            collection are frozen so that the next walks only newer objects
            (:mod:`dupbridge.web.collector`). 0: Python's own policy.
    """

    model_config = SettingsConfigDict(env_prefix="DUPBRIDGE_", extra="ignore")

    environment: Literal["development", "test", "production"] = "development"
    secret_key: SecretStr = SecretStr(DEFAULT_SECRET)
    database_url: str = DEFAULT_DATABASE_URL
    redis_url: str | None = None
    organiser_key: SecretStr | None = None
    sqlite_synchronous: Literal["NORMAL", "FULL"] = "NORMAL"
    persist: bool = True
    migrate: bool = True
    db_threads: int | None = None
    robot_level: Literal["basic", "fast", "standard"] = "fast"
    robot_pace: float = Field(default=0.8, ge=0, le=10)
    results_dir: str = "dupbridge-results"
    disconnect_grace: float = Field(default=30, ge=0, le=3600)
    demo: bool = False
    ws_deflate: bool = False
    gc_full_every: float = Field(default=1800, ge=0)

    @model_validator(mode="after")
    def _no_default_secret(self) -> Settings:
        if self.environment != "development" and (
            self.secret_key.get_secret_value() == DEFAULT_SECRET
        ):
            raise ValueError(
                _(
                    "refusing the development secret in the {environment} environment: "
                    "set DUPBRIDGE_SECRET_KEY"
                ).format(environment=self.environment)
            )
        if len(self.secret_key.get_secret_value()) < 16:
            raise ValueError(_("DUPBRIDGE_SECRET_KEY must be at least 16 characters long"))
        return self
