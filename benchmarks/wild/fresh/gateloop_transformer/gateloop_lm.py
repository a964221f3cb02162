"""gateloop_transformer: the README's GateLoop transformer, small (fresh batch, benchmarks/wild/fresh)."""

from gateloop_transformer import Transformer

model = Transformer(
    num_tokens=256,
    dim=128,
    depth=2,
    dim_head=32,
    heads=4,
    use_gate_looped_attn=True,
    checkpoint_gate_looped_attn=False,
)
