"""Who is behind a request: the signed ``dupbridge_auth`` cookie and the role dependencies.

The cookie holds the :class:`~dupbridge.services.access.Principal` signed with the server's
secret (itsdangerous), so it cannot be forged or edited; an unreadable cookie is anonymous.
``require(Role.DIRECTOR)`` is a dependency that lets in only those roles: 401 for someone
anonymous, 403 for anyone else.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, HTTPException, Request
from itsdangerous import BadSignature, URLSafeTimedSerializer

from dupbridge.i18n import _
from dupbridge.services.access import AccessStore, Principal, Role

__all__ = [
    "AUTH_COOKIE",
    "Access",
    "CurrentPrincipal",
    "DirectorOnly",
    "PrincipalCookies",
    "principal_of",
    "require",
]

#: The cookie that carries the signed principal.
AUTH_COOKIE = "dupbridge_auth"

#: How long a sign-in lasts (a long club evening, and then some).
MAX_AGE_S = 16 * 3600


class PrincipalCookies:
    """Signs principals into cookie values and reads them back."""

    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeTimedSerializer(secret, salt="dupbridge-auth")

    def dump(self, principal: Principal) -> str:
        """The cookie value for ``principal``."""
        return str(self._serializer.dumps(principal.to_json()))

    def load(self, value: str | None) -> Principal:
        """The principal in a cookie value (anonymous if absent, forged or expired)."""
        if not value:
            return Principal.ANONYMOUS
        try:
            data = self._serializer.loads(value, max_age=MAX_AGE_S)
        except BadSignature:
            return Principal.ANONYMOUS
        return Principal.from_json(data)


def principal_of(request: Request) -> Principal:
    """The principal behind ``request`` (anonymous without a valid cookie)."""
    cookies: PrincipalCookies | None = getattr(request.state, "principal_cookies", None)
    if cookies is None:
        return Principal.ANONYMOUS
    return cookies.load(request.cookies.get(AUTH_COOKIE))


def require(*roles: Role) -> Any:
    """A dependency that lets in only ``roles``: 401 if anonymous, 403 for any other role."""
    allowed = frozenset(roles)

    def dependency(request: Request) -> Principal:
        principal = principal_of(request)
        if principal.role in allowed:
            return principal
        if principal.role is Role.ANONYMOUS:
            raise HTTPException(401, _("please sign in first"))
        raise HTTPException(403, _("this page is not open to your role"))

    return Depends(dependency)


def _access(request: Request) -> AccessStore:
    access: AccessStore = request.state.access
    return access


CurrentPrincipal = Annotated[Principal, Depends(principal_of)]
DirectorOnly = Annotated[Principal, require(Role.DIRECTOR)]
Access = Annotated[AccessStore, Depends(_access)]
