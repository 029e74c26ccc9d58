"""The FastAPI app factory (DESIGN §5): nothing is built at import time.

``create_app(settings)`` returns the app; its lifespan makes the engine (and runs the
migrations), the bus, the table service, the robots for empty seats, the access store
(:mod:`dupbridge.web.access`), the club and Director services, and hands them to requests
through the lifespan state. ``uvicorn --factory dupbridge.web.app:app_from_environment``
reads the settings from ``DUPBRIDGE_*`` variables (``dupbridge serve`` does this). Pages'
static files are served at ``/static``.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from dupbridge.services.access import AccessStore
from dupbridge.services.bus import make_bus
from dupbridge.services.club import ClubService
from dupbridge.services.director.desk import DirectorDesk
from dupbridge.services.robot_seats import RobotSeats
from dupbridge.services.sessions import SessionService
from dupbridge.services.sessions.runtime import SessionRunner
from dupbridge.services.tables import TableService
from dupbridge.store import EventStore, make_engine, upgrade
from dupbridge.store.club import ClubStore
from dupbridge.store.director import DirectorStore
from dupbridge.store.session_store import SessionStore
from dupbridge.web.access import router as access_router
from dupbridge.web.collector import Collector
from dupbridge.web.deps import SeatTokens
from dupbridge.web.errors import install_error_handlers
from dupbridge.web.identity import PrincipalCookies
from dupbridge.web.pages import STATIC_DIR, RequestLanguage
from dupbridge.web.realtime import router as realtime_router
from dupbridge.web.routers.club import router as club_router
from dupbridge.web.routers.club_tables import router as club_tables_router
from dupbridge.web.routers.director_api import router as director_api_router
from dupbridge.web.routers.director_console import router as director_console_router
from dupbridge.web.routers.director_online import router as director_online_router
from dupbridge.web.routers.director_pages import router as director_pages_router
from dupbridge.web.routers.director_sessions import router as director_sessions_router
from dupbridge.web.routers.health import router as health_router
from dupbridge.web.routers.robot_pages import router as robot_pages_router
from dupbridge.web.routers.session_manage import router as session_manage_router
from dupbridge.web.routers.sessions import router as sessions_router
from dupbridge.web.routers.table_pages import router as table_pages_router
from dupbridge.web.routers.tables import router as tables_router
from dupbridge.web.settings import Settings

__all__ = ["app_from_environment", "create_app"]

#: The routers, one per area, in the order they are mounted.
ROUTERS = (
    health_router,
    access_router,
    tables_router,
    realtime_router,
    sessions_router,
    session_manage_router,
    director_api_router,
    director_pages_router,
    director_console_router,
    director_online_router,
    director_sessions_router,
    club_router,
    club_tables_router,
    table_pages_router,
    robot_pages_router,
)


def create_app(settings: Settings, collector: Collector | None = None) -> FastAPI:
    """The dupbridge server for ``settings``; with an installed ``collector``, its lifespan
    also runs the collector's whole-heap collections on their clock."""

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[dict[str, Any]]:
        engine = make_engine(settings.database_url, sqlite_synchronous=settings.sqlite_synchronous)
        if settings.migrate:
            upgrade(engine)
        service = TableService(
            EventStore(engine),
            make_bus(settings.redis_url),
            threads=settings.db_threads,
            persist=settings.persist,
        )
        await service.start()
        secret = settings.secret_key.get_secret_value()
        access = AccessStore(engine)
        robots = RobotSeats(service, level=settings.robot_level, pace_s=settings.robot_pace)
        sessions = SessionService(
            SessionStore(engine),
            service,
            registrar=access,
            robots=robots,
            exports_dir=Path(settings.results_dir),
            director_log=DirectorStore(engine),
        )
        runner = SessionRunner(sessions, demo=settings.demo)
        await runner.start()
        director = DirectorDesk(
            DirectorStore(engine),
            tables=EventStore(engine),
            disconnect_grace=settings.disconnect_grace,
        )
        _app.state.director = director
        collecting = asyncio.create_task(collector.run()) if collector is not None else None
        try:
            yield {
                "sessions": sessions,
                "service": service,
                "robots": robots,
                "settings": settings,
                "tokens": SeatTokens(secret),
                "access": access,
                "principal_cookies": PrincipalCookies(secret),
                "director": director,
                "club": ClubService(ClubStore(engine)),
            }
        finally:
            if collecting is not None:
                collecting.cancel()
            await runner.close()
            await robots.close()
            await service.close()
            engine.dispose()

    app = FastAPI(
        title="dupbridge",
        summary="Duplicate bridge tables online, by the Laws of Duplicate Bridge.",
        version="0.1.0",
        lifespan=lifespan,
    )
    for router in ROUTERS:
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    install_error_handlers(app)
    app.add_middleware(RequestLanguage)
    return app


def app_from_environment() -> FastAPI:
    """The app with settings from the environment (for ``uvicorn --factory``), in a process
    whose garbage collector keeps its pauses short (:mod:`dupbridge.web.collector`)."""
    settings = Settings()
    collector = Collector(settings.gc_full_every)
    collector.install()
    return create_app(settings, collector)
