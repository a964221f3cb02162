"""A small Chronos-Bolt forecaster built from a T5Config carrying a `chronos_config` dict."""

from chronos.chronos_bolt import ChronosBoltModelForForecasting
from transformers import T5Config

config = T5Config(
    d_model=128,
    d_kv=32,
    d_ff=256,
    num_layers=2,
    num_decoder_layers=1,
    num_heads=4,
    dense_act_fn="relu",
    feed_forward_proj="relu",
    is_encoder_decoder=True,
)
config.chronos_config = {
    "context_length": 256,
    "prediction_length": 32,
    "input_patch_size": 16,
    "input_patch_stride": 16,
    "quantiles": [0.1, 0.25, 0.5, 0.75, 0.9],
    "use_reg_token": True,
}
model = ChronosBoltModelForForecasting(config)
