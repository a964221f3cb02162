"""Quasimetric attention without gate or null sink, with prenorm and a learned temperature."""

from quasimetric_attention import QuasimetricAttention

model = QuasimetricAttention(
    dim=24, dim_head=8, heads=3, gate=False, null_sink=False, prenorm=True, learned_temp=True
)
