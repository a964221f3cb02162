"""Memformer built from encoder / decoder dicts turned into prefixed kwargs by a lambda."""

from memformer import Memformer

encoder = dict(num_tokens=512, max_seq_len=64, depth=1, heads=2)
decoder = dict(num_tokens=512, max_seq_len=64, depth=3, heads=2)
prefixed = lambda prefix, d: {f"{prefix}{k}": v for k, v in d.items()}  # noqa: E731

model = Memformer(
    dim=32,
    num_memory_slots=4,
    mem_update_attn_heads=2,
    **prefixed("enc_", encoder),
    **prefixed("dec_", decoder),
)
