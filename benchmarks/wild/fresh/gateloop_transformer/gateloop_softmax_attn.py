"""gateloop_transformer: softmax attention instead of gate-looped, rotary and sub-LN (fresh batch, benchmarks/wild/fresh)."""

from functools import partial

from gateloop_transformer import Transformer

make = partial(Transformer, num_tokens=1000, dim_head=16, heads=4, ff_mult=2)
model = make(64, depth=3, use_gate_looped_attn=False, rotary_emb=True, sub_ln=True)
