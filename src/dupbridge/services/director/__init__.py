"""The Director at work (issue 16, docs/director.md): the ruling assistant for a table with
a phone, and the console's adjusted scores and audit log."""

from dupbridge.services.director.assistant import (
    PLACEHOLDER_DEAL,
    Assistant,
    AssistantError,
    RulingNotFoundError,
    StaleStepError,
)
from dupbridge.services.director.irregularities import IRREGULARITY_LIST, irregularity_list

__all__ = [
    "IRREGULARITY_LIST",
    "PLACEHOLDER_DEAL",
    "Assistant",
    "AssistantError",
    "RulingNotFoundError",
    "StaleStepError",
    "irregularity_list",
]
