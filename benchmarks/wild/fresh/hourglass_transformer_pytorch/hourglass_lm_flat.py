"""hourglass_transformer_pytorch: one level, naive resampling, non-causal (fresh batch, benchmarks/wild/fresh)."""

from hourglass_transformer_pytorch import HourglassTransformerLM

hparams = {"num_tokens": 100, "dim": 64, "max_seq_len": 64, "depth": (1, 2, 1)}
hparams.update(shorten_factor=2, heads=2, dim_head=32, causal=False, attn_resampling=False)
model = HourglassTransformerLM(**hparams)
