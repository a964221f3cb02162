"""Quasimetric attention, width 32, 2 heads of 16."""

from quasimetric_attention import QuasimetricAttention

model = QuasimetricAttention(dim=32, dim_head=16, heads=2)
