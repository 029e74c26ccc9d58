"""Fixtures of the store tests."""

from tests.realservices import postgres_server, postgres_url, redis_url

__all__ = ["postgres_server", "postgres_url", "redis_url"]
