"""Chronos-2 (group attention encoder) from its core config, sized for a quick experiment."""

from chronos.chronos2.config import Chronos2CoreConfig
from chronos.chronos2.model import Chronos2Model

cfg = Chronos2CoreConfig(
    d_model=96, d_kv=24, d_ff=192, num_layers=3, num_heads=4, feed_forward_proj="relu"
)
cfg.chronos_config = dict(
    context_length=512,
    output_patch_size=16,
    input_patch_size=16,
    input_patch_stride=16,
    quantiles=[0.05, 0.5, 0.95],
    use_reg_token=True,
    max_output_patches=4,
)
model = Chronos2Model(cfg)
