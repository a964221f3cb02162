"""The evaluation ladder's top rung (issue #21): a graph as a real torch module, short real
training as an evaluator, campaigns as replayable data, and selectors scored by replay.
See docs/ladder.md.

Nothing here is imported by the static path. ``build``, ``train`` and ``reward`` import torch;
``select`` and ``campaign.read_rows`` (replaying a campaign) do not.
"""

from __future__ import annotations

__all__ = ["campaign_main"]


def campaign_main(argv: list[str] | None = None) -> int:
    """``driftcheck-gym campaign --task T --designs DIR --out FILE.jsonl``."""
    from driftcheck_gym.ladder.campaign import main

    return main(argv)
