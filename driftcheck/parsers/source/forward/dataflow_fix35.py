"""Session 35 (crashfix35): crash rules of the fresh25 / fresh26 dev misses."""

from __future__ import annotations
