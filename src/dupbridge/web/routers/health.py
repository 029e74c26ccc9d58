"""Liveness: the server answers and its store is reachable."""

from __future__ import annotations

from fastapi import APIRouter

from dupbridge.web.deps import Service

__all__ = ["router"]

router = APIRouter(tags=["health"])


@router.get("/health")
async def health(service: Service) -> dict[str, str]:
    """``{"status": "ok", "database": "sqlite"|"postgresql"}``."""
    return {"status": "ok", "database": service.store.dialect}
