from types import SimpleNamespace

from iTransformer import iTransformerFFT

hp = SimpleNamespace(variates=137, lookback=336, dim=96, depth=2, horizon=[48, 96])

model = iTransformerFFT(
    num_variates=hp.variates,
    lookback_len=hp.lookback,
    dim=hp.dim,
    depth=hp.depth,
    pred_length=tuple(hp.horizon),
    num_tokens_per_variate=2,
    num_mem_tokens=2,
    flash_attn=False,
)
